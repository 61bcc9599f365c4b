// The event bus of embedded mode, in memory with Kafka's semantics where they matter:
// every consumer group sees every event of a topic (also events published before it
// subscribed), members of one group share the events, delivery is asynchronous and in
// publish order, failures are retried and then dead-lettered to `<topic>.dlq`.
import { deadLetter, deadLetterTopic, defaultMaxAttempts, deliverWithRetries } from "./deliver-with-retries.js";
import type { EventBus, EventEnvelope, SubscribeOptions, Subscription } from "./port.js";

interface Member {
  readonly options: SubscribeOptions;
  closed: boolean;
}

interface Group {
  offset: number;
  readonly members: Member[];
  nextMember: number;
  running: Promise<void> | null;
}

interface Topic {
  readonly log: EventEnvelope[];
  readonly groups: Map<string, Group>;
}

export function createInProcessBus(): EventBus {
  const topics = new Map<string, Topic>();
  let closed = false;

  const topicOf = (name: string): Topic => {
    let topic = topics.get(name);
    if (!topic) topics.set(name, (topic = { log: [], groups: new Map() }));
    return topic;
  };

  async function drain(topicName: string, topic: Topic, group: Group): Promise<void> {
    while (!closed && group.offset < topic.log.length) {
      const members = group.members.filter((member) => !member.closed);
      if (members.length === 0) return;
      const member = members[group.nextMember++ % members.length]!;
      const event = topic.log[group.offset]!;
      const outcome = await deliverWithRetries(member.options.handler, event, {
        maxAttempts: member.options.maxAttempts ?? defaultMaxAttempts,
        shouldStop: () => closed,
        ...(member.options.isTransient ? { isTransient: member.options.isTransient } : {}),
      });
      if (!outcome.delivered) {
        if (outcome.stopped) return; // closing: the event stays at the group's offset
        await publish(deadLetterTopic(topicName), [deadLetter(event, topicName, outcome)]);
        member.options.onDeadLetter?.();
      }
      group.offset += 1;
    }
  }

  function schedule(topicName: string, topic: Topic, group: Group): void {
    if (group.running) return;
    group.running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => drain(topicName, topic, group))
      .finally(() => {
        group.running = null;
        if (!closed && group.offset < topic.log.length && group.members.some((member) => !member.closed)) schedule(topicName, topic, group);
      });
  }

  async function publish(topicName: string, events: readonly EventEnvelope[]): Promise<void> {
    if (closed) throw new Error("event bus is closed");
    const topic = topicOf(topicName);
    topic.log.push(...events.map((event) => structuredClone(event)));
    for (const group of topic.groups.values()) schedule(topicName, topic, group);
  }

  return {
    publish,
    async subscribe(options): Promise<Subscription> {
      const topic = topicOf(options.topic);
      let group = topic.groups.get(options.group);
      if (!group) topic.groups.set(options.group, (group = { offset: 0, members: [], nextMember: 0, running: null }));
      const member: Member = { options, closed: false };
      group.members.push(member);
      schedule(options.topic, topic, group);
      const joined = group;
      return {
        close: async () => {
          member.closed = true;
          await joined.running;
        },
      };
    },
    ping: async () => {
      if (closed) throw new Error("event bus is closed");
    },
    // The queue depth: events of the topic the group has not yet settled.
    lag: async (subscriptions) =>
      subscriptions.map(({ topic, group }) => {
        const log = topics.get(topic);
        return { topic, group, lag: log ? log.log.length - (log.groups.get(group)?.offset ?? 0) : 0 };
      }),
    async close() {
      closed = true;
      await Promise.all([...topics.values()].flatMap((topic) => [...topic.groups.values()].map((group) => group.running)));
    },
  };
}
