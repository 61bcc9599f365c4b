// The Kafka adapter of the event port (kafkajs). Publishing uses an idempotent producer
// with acks from all in-sync replicas. Consuming is at-least-once: an offset is marked
// only after the handler succeeded or the event went to `<topic>.dlq`, and committed
// right away, so a consumer killed mid-batch redelivers at most what it had in hand.
// A namespace prefixes every topic and consumer group on the broker (`<namespace>.<name>`),
// so several Levy installations (or test runs) can share one Kafka cluster without reading
// each other's events; callers and metrics keep using the plain names.
import { Kafka, Partitioners, logLevel, type Admin, type Consumer, type Producer } from "kafkajs";
import { deadLetter, deadLetterTopic, defaultMaxAttempts, deliverWithRetries } from "./deliver-with-retries.js";
import { parseEnvelope } from "./create-event.js";
import { consumerLag } from "./kafka-lag.js";
import { EventBusError, type EventBus, type EventEnvelope, type SubscribeOptions, type Subscription } from "./port.js";

export interface KafkaBusOptions {
  readonly brokers: string[];
  readonly clientId: string;
  /** Partitions of topics this bus creates. */
  readonly partitions?: number;
  /** Prefix of every topic and consumer group on the broker; none by default. */
  readonly namespace?: string | undefined;
}

export async function createKafkaBus(options: KafkaBusOptions): Promise<EventBus> {
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.NOTHING,
    retry: { retries: 8, initialRetryTime: 200 },
  });
  const producer: Producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner });
  const admin: Admin = kafka.admin();
  const consumers = new Set<Consumer>();
  const knownTopics = new Set<string>();
  const onBroker = (name: string) => (options.namespace ? `${options.namespace}.${name}` : name);
  try {
    await Promise.all([producer.connect(), admin.connect()]);
  } catch (error) {
    throw new EventBusError("unavailable", `cannot reach Kafka at ${options.brokers.join(",")}`, { cause: error });
  }

  async function ensureTopics(names: string[]): Promise<void> {
    const missing = names.filter((name) => !knownTopics.has(name));
    if (missing.length === 0) return;
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({ topic, numPartitions: options.partitions ?? 3, replicationFactor: 1 })),
    });
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
      throw new EventBusError("unavailable", `could not publish to ${topic}`, { cause: error });
    }
  }

  async function subscribe(subscription: SubscribeOptions): Promise<Subscription> {
    const deadLetters = deadLetterTopic(subscription.topic);
    await ensureTopics([onBroker(subscription.topic), onBroker(deadLetters)]);
    const consumer = kafka.consumer({ groupId: onBroker(subscription.group), sessionTimeout: 10_000, heartbeatInterval: 1000, maxWaitTimeInMs: 250 });
    await consumer.connect();
    await consumer.subscribe({ topic: onBroker(subscription.topic), fromBeginning: true });
    let stopping = false;
    await consumer.run({
      eachBatchAutoResolve: false,
      autoCommitThreshold: 1,
      eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
        for (const message of batch.messages) {
          if (!isRunning() || isStale() || stopping) break;
          const text = message.value?.toString("utf8") ?? "";
          const event = parseEnvelope(text);
          if (!event) {
            await producer.send({ topic: onBroker(deadLetters), messages: [{ key: message.key, value: text, headers: { "dlq-error": "not an event envelope" } }] });
            subscription.onDeadLetter?.();
          } else {
            const outcome = await deliverWithRetries(subscription.handler, event, {
              maxAttempts: subscription.maxAttempts ?? defaultMaxAttempts,
              shouldStop: () => stopping || !isRunning() || isStale(),
              ...(subscription.isTransient ? { isTransient: subscription.isTransient } : {}),
              whileWaiting: heartbeat,
            });
            if (!outcome.delivered) {
              if (outcome.stopped || stopping) break; // leave it unresolved: another member will retry it
              await publish(deadLetters, [deadLetter(event, subscription.topic, outcome)]);
              subscription.onDeadLetter?.();
            }
          }
          resolveOffset(message.offset);
          await commitOffsetsIfNecessary();
          await heartbeat();
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
      const readings = await consumerLag(admin, subscriptions.map(({ topic, group }) => ({ topic: onBroker(topic), group: onBroker(group) })));
      // Reported under the plain names, as the metrics label them.
      return readings.map((reading, index) => ({ ...reading, topic: subscriptions[index]!.topic, group: subscriptions[index]!.group }));
    },
    close: async () => {
      await Promise.all([...consumers].map((consumer) => consumer.disconnect()));
      consumers.clear();
      await producer.disconnect();
      await admin.disconnect();
    },
  };
}
