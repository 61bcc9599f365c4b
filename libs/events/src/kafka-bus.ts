// The Kafka adapter of the event port (kafkajs). Publishing uses an idempotent producer
// with acks from all in-sync replicas. Consuming is at-least-once: an offset is marked
// only after the handler succeeded or the event went to `<topic>.dlq`, and the marked
// offsets are committed once the fetch's batch is done (one request for the batch, not
// one per event), so a consumer killed mid-batch redelivers at most that batch, which
// every subscriber de-duplicates.
// A subscriber with a batchHandler is handed the events of a fetch as runs; their
// offsets are marked once the whole run is applied. With gatherMs the broker holds a
// fetch until it has gatherBytes of events or the time is up, so a steady trickle of
// events arrives as runs instead of one fetch (and one run's writes) per event.
// A namespace prefixes every topic and consumer group on the broker (`<namespace>.<name>`),
// so several Levy installations (or test runs) can share one Kafka cluster without reading
// each other's events; callers and metrics keep using the plain names.
// SASL and TLS (kafka-security.ts) apply to every connection: producer, consumers, admin.
import "./kafkajs-idle-fix.js";
import { Kafka, Partitioners, logLevel, type Admin, type Consumer, type Producer } from "kafkajs";
import { deadLetter, deadLetterTopic, defaultMaxAttempts, deliverWithRetries } from "./deliver-with-retries.js";
import { parseEnvelope } from "./create-event.js";
import { consumerLag } from "./kafka-lag.js";
import {
  describeKafkaConnectFailure,
  kafkaClientSecurity,
  tlsFailureMessage,
  type KafkaSecurity,
} from "./kafka-security.js";
import { brokerCertificateFailure } from "./kafka-tls-check.js";
import {
  EventBusError,
  maxEventBatch,
  type EventBus,
  type EventEnvelope,
  type SubscribeOptions,
  type Subscription,
} from "./port.js";

export interface KafkaBusOptions {
  readonly brokers: string[];
  readonly clientId: string;
  /** Prefix of every topic and consumer group on the broker; none by default. */
  readonly namespace?: string | undefined;
  /** SASL and TLS; none: plaintext without authentication (local brokers only). */
  readonly security?: KafkaSecurity | undefined;
  /** Topics this bus creates (each topic and its `.dlq` on first use). */
  readonly topics?: KafkaTopicOptions | undefined;
}

export interface KafkaTopicOptions {
  /** Default 3. */
  readonly partitions?: number | undefined;
  /** Default: the cluster's `default.replication.factor`. */
  readonly replicationFactor?: number | undefined;
}

/**
 * A fetch is a long poll: the broker answers as soon as a message arrives, else after
 * maxWaitTimeInMs, so the wait sets the idle cost (a fetch and a heartbeat per period)
 * and how long a disconnect waits for the fetch under way, not the delivery latency.
 * Heartbeats ride on the fetch loop, well inside the session timeout.
 */
const consumerTimings = { sessionTimeout: 10_000, heartbeatInterval: 2000, maxWaitTimeInMs: 2000 } as const;
/**
 * What a gathering fetch waits for (a subscription's gatherMs): this many bytes of events
 * or the time, whichever comes first. Ledger events are 1-3 KB, so a full fetch is a run
 * of tens of events (a run is at most maxEventBatch).
 */
const gatherBytes = 64 * 1024;

/** Asks the broker for its own default (CreateTopics with -1, Kafka 2.4+). */
const brokerDefault = -1;

export async function createKafkaBus(options: KafkaBusOptions): Promise<EventBus> {
  const security = kafkaClientSecurity(options.security);
  if (security.ssl && typeof security.ssl === "object" && options.brokers[0]) {
    const untrusted = await brokerCertificateFailure(options.brokers[0], security.ssl);
    if (untrusted)
      throw new EventBusError("unavailable", tlsFailureMessage(`Kafka at ${options.brokers[0]}`, untrusted), {
        cause: untrusted,
      });
  }
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.NOTHING,
    retry: { retries: 8, initialRetryTime: 200 },
    ...security,
  });
  const producer: Producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  const admin: Admin = kafka.admin();
  const consumers = new Set<Consumer>();
  const knownTopics = new Set<string>();
  const onBroker = (name: string) => (options.namespace ? `${options.namespace}.${name}` : name);
  try {
    await Promise.all([producer.connect(), admin.connect()]);
  } catch (error) {
    await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    throw new EventBusError("unavailable", describeKafkaConnectFailure(error, options.brokers, options.security), {
      cause: error,
    });
  }

  async function ensureTopics(names: string[]): Promise<void> {
    const missing = names.filter((name) => !knownTopics.has(name));
    if (missing.length === 0) return;
    const numPartitions = options.topics?.partitions ?? 3;
    const replicationFactor = options.topics?.replicationFactor ?? brokerDefault;
    try {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({ topic, numPartitions, replicationFactor })),
      });
    } catch (error) {
      const reasons = ((error as { errors?: Error[] }).errors ?? [error as Error]).map((cause) => cause.message);
      const replicas = replicationFactor === brokerDefault ? "the cluster's default" : replicationFactor;
      throw new EventBusError(
        "unavailable",
        `could not create topic ${missing.join(", ")} (${numPartitions} partitions, replication factor ${replicas}): ${[...new Set(reasons)].join("; ")}`,
        { cause: error },
      );
    }
    for (const name of missing) knownTopics.add(name);
  }

  async function publish(topic: string, events: readonly EventEnvelope[]): Promise<void> {
    if (events.length === 0) return;
    try {
      await ensureTopics([onBroker(topic)]);
      await producer.send({
        topic: onBroker(topic),
        acks: -1,
        messages: events.map((event) => ({
          key: event.key,
          value: JSON.stringify(event),
          headers: { "event-id": event.id, "event-type": event.type },
        })),
      });
    } catch (error) {
      if (error instanceof EventBusError) throw error;
      throw new EventBusError("unavailable", `could not publish to ${topic}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  async function subscribe(subscription: SubscribeOptions): Promise<Subscription> {
    const topics = [subscription.topic, ...(subscription.alsoTopics ?? [])];
    // The plain name of each topic as the broker names it (the namespace prefixed).
    const plainTopic = new Map(topics.map((topic) => [onBroker(topic), topic]));
    await ensureTopics(topics.flatMap((topic) => [onBroker(topic), onBroker(deadLetterTopic(topic))]));
    const gathering = subscription.gatherMs ? { minBytes: gatherBytes, maxWaitTimeInMs: subscription.gatherMs } : {};
    const consumer = kafka.consumer({ groupId: onBroker(subscription.group), ...consumerTimings, ...gathering });
    await consumer.connect();
    await consumer.subscribe({ topics: [...plainTopic.keys()], fromBeginning: true });
    let stopping = false;
    type Message = { offset: string; key: Buffer | null; value: Buffer | null };
    /** Applies one message (or dead-letters it); false when the consumer is stopping and must leave it unresolved. */
    async function deliverMessage(
      message: Message,
      topic: string,
      live: () => boolean,
      heartbeat: () => Promise<void>,
    ) {
      const deadLetters = deadLetterTopic(topic);
      const text = message.value?.toString("utf8") ?? "";
      const event = parseEnvelope(text);
      if (!event) {
        await producer.send({
          topic: onBroker(deadLetters),
          messages: [{ key: message.key, value: text, headers: { "dlq-error": "not an event envelope" } }],
        });
        subscription.onDeadLetter?.();
        return true;
      }
      const outcome = await deliverWithRetries(subscription.handler, event, {
        maxAttempts: subscription.maxAttempts ?? defaultMaxAttempts,
        shouldStop: () => !live(),
        ...(subscription.isTransient ? { isTransient: subscription.isTransient } : {}),
        whileWaiting: heartbeat,
      });
      if (outcome.delivered) return true;
      if (outcome.stopped || stopping) return false; // another member will retry it
      await publish(deadLetters, [deadLetter(event, topic, outcome)]);
      subscription.onDeadLetter?.();
      return true;
    }
    /** The events of the messages from `from` on, up to the first that is not an envelope. */
    function runFrom(messages: Message[], from: number) {
      const run: EventEnvelope[] = [];
      for (const message of messages.slice(from, from + maxEventBatch)) {
        const event = parseEnvelope(message.value?.toString("utf8") ?? "");
        if (!event) break;
        run.push(event);
      }
      return run;
    }
    await consumer.run({
      eachBatchAutoResolve: false,
      autoCommitThreshold: 1,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        const topic = plainTopic.get(batch.topic) ?? subscription.topic;
        const live = () => isRunning() && !isStale() && !stopping;
        let oneByOne = 0; // messages of a failed run not yet delivered one at a time
        for (let index = 0; index < batch.messages.length && live(); ) {
          // The messages a fetch returned are applied as one run when the subscriber can.
          const run = oneByOne === 0 && subscription.batchHandler ? runFrom(batch.messages, index) : [];
          if (run.length >= 2) {
            try {
              await subscription.batchHandler!(run);
              index += run.length;
              resolveOffset(batch.messages[index - 1]!.offset);
              await heartbeat();
              continue;
            } catch {
              oneByOne = run.length; // delivered again one by one, with the handler's retries
            }
          }
          oneByOne = Math.max(0, oneByOne - 1);
          const message = batch.messages[index]!;
          if (!(await deliverMessage(message, topic, live, heartbeat))) break;
          resolveOffset(message.offset);
          await heartbeat();
          index += 1;
        }
      },
    });
    consumers.add(consumer);
    return {
      close: async () => {
        stopping = true;
        consumers.delete(consumer);
        await consumer.disconnect();
      },
    };
  }

  return {
    publish,
    subscribe,
    ping: async () => {
      try {
        await admin.describeCluster();
      } catch (error) {
        throw new EventBusError("unavailable", "Kafka is unavailable", { cause: error });
      }
    },
    lag: async (subscriptions) => {
      const readings = await consumerLag(
        admin,
        subscriptions.map(({ topic, group }) => ({ topic: onBroker(topic), group: onBroker(group) })),
      );
      // Reported under the plain names, as the metrics label them.
      return readings.map((reading, index) => ({
        ...reading,
        topic: subscriptions[index]!.topic,
        group: subscriptions[index]!.group,
      }));
    },
    close: async () => {
      await Promise.all([...consumers].map((consumer) => consumer.disconnect()));
      consumers.clear();
      await producer.disconnect();
      await admin.disconnect();
    },
  };
}
