// The event bus of embedded mode, in memory with Kafka's semantics where they matter:
// every consumer group sees every event of a topic (also events published before it
// subscribed), members of one group share the events, delivery is asynchronous and in
// publish order, failures are retried and then dead-lettered to `<topic>.dlq`.
//
// The log lives in memory and dies with the process, so "durably accepted" (what
// publish promises the outbox) can only mean "settled by every consumer group that is
// subscribed": publish resolves once each such group has applied (or dead-lettered) the
// events, and rejects if the bus or the group closes first. A subscriber with a
// batchHandler is handed the events that queued while it was busy as one run. Until then the outbox keeps
// the events on their documents and re-publishes them after a crash (docs/decisions.md).
import { deadLetter, deadLetterTopic, defaultMaxAttempts, deliverWithRetries } from "./deliver-with-retries.js";
import {
  EventBusError,
  maxEventBatch,
  type EventBus,
  type EventEnvelope,
  type SubscribeOptions,
  type Subscription,
} from "./port.js";

interface Member {
  readonly options: SubscribeOptions;
  closed: boolean;
}

/** A publish waiting until its group's offset has passed `until`. */
interface Waiter {
  readonly until: number;
  resolve(): void;
  reject(error: Error): void;
}

interface Group {
  offset: number;
  readonly members: Member[];
  nextMember: number;
  running: Promise<void> | null;
  waiters: Waiter[];
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
    if (!topic) {
      topic = { log: [], groups: new Map() };
      topics.set(name, topic);
    }
    return topic;
  };

  // Waiters join in publish order, so those settled are always at the front.
  function settleWaiters(group: Group): void {
    while (group.waiters.length > 0 && group.waiters[0]!.until <= group.offset) group.waiters.shift()!.resolve();
  }

  function abandonWaiters(group: Group, reason: string): void {
    const waiting = group.waiters;
    group.waiters = [];
    for (const waiter of waiting) waiter.reject(new EventBusError("unavailable", reason));
  }

  const hasMembers = (group: Group) => group.members.some((member) => !member.closed);

  /**
   * Applies the run of events queued at the group's offset at once. Answers how many
   * events to deliver one at a time next: 0 when the run was applied (or there is none
   * to try), the run's length when it failed.
   */
  async function applyRun(topic: Topic, group: Group, member: Member): Promise<number> {
    const run = topic.log.slice(group.offset, group.offset + maxEventBatch);
    if (!member.options.batchHandler || run.length < 2) return 0;
    try {
      await member.options.batchHandler(run);
    } catch {
      return run.length; // delivered again one by one, with the handler's retries
    }
    group.offset += run.length;
    settleWaiters(group);
    return 0;
  }

  async function drain(topicName: string, topic: Topic, group: Group): Promise<void> {
    let oneByOne = 0; // events of a failed run not yet delivered one at a time
    while (!closed && group.offset < topic.log.length) {
      const members = group.members.filter((member) => !member.closed);
      if (members.length === 0) return;
      const member = members[group.nextMember++ % members.length]!;
      if (oneByOne === 0) {
        const offset = group.offset;
        oneByOne = await applyRun(topic, group, member);
        if (group.offset !== offset) continue;
      }
      oneByOne = Math.max(0, oneByOne - 1);
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
      settleWaiters(group);
    }
  }

  function schedule(topicName: string, topic: Topic, group: Group): void {
    if (group.running) return;
    group.running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => drain(topicName, topic, group))
      .finally(() => {
        group.running = null;
        if (closed || !hasMembers(group))
          abandonWaiters(group, "the consumer group stopped before it settled the events");
        else if (group.offset < topic.log.length) schedule(topicName, topic, group);
      });
  }

  async function publish(topicName: string, events: readonly EventEnvelope[]): Promise<void> {
    if (closed) throw new Error("event bus is closed");
    const topic = topicOf(topicName);
    topic.log.push(...events.map((event) => structuredClone(event)));
    const until = topic.log.length;
    const settled: Promise<void>[] = [];
    for (const group of topic.groups.values()) {
      if (!hasMembers(group)) continue; // it catches up from the log when it rejoins
      settled.push(new Promise<void>((resolve, reject) => group.waiters.push({ until, resolve, reject })));
      schedule(topicName, topic, group);
    }
    await Promise.all(settled);
  }

  function join(topicName: string, options: SubscribeOptions): Subscription {
    const topic = topicOf(topicName);
    let group = topic.groups.get(options.group);
    if (!group) {
      group = { offset: 0, members: [], nextMember: 0, running: null, waiters: [] };
      topic.groups.set(options.group, group);
    }
    const member: Member = { options, closed: false };
    group.members.push(member);
    schedule(topicName, topic, group);
    const joined = group;
    return {
      close: async () => {
        member.closed = true;
        await joined.running;
        if (!hasMembers(joined)) abandonWaiters(joined, "the consumer group stopped before it settled the events");
      },
    };
  }

  return {
    publish,
    async subscribe(options): Promise<Subscription> {
      // No poll loop to share here: each topic gets its own member of the group.
      const members = [options.topic, ...(options.alsoTopics ?? [])].map((name) => join(name, options));
      return { close: async () => void (await Promise.all(members.map((member) => member.close()))) };
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
      const groups = [...topics.values()].flatMap((topic) => [...topic.groups.values()]);
      await Promise.all(groups.map((group) => group.running));
      for (const group of groups) abandonWaiters(group, "event bus is closed");
    },
  };
}
