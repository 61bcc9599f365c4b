// The event port's behaviour, run unchanged against the in-process bus and Kafka.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEvent,
  createMemoryProcessedEventLog,
  withEventDedupe,
  type EventBus,
  type EventEnvelope,
} from "@levy/events";

const scope = { accountId: "acct_events", livemode: false };
const makeEvents = (count: number, key = (i: number) => `k${i % 4}`) =>
  Array.from({ length: count }, (_, i) =>
    createEvent({ type: "test.happened", version: 1, scope, key: key(i), payload: { i } }),
  );

async function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function describeEventBusContract(adapter: string, makeBus: () => Promise<EventBus>): void {
  describe(`event bus contract (${adapter})`, () => {
    let bus: EventBus;
    let run = 0;
    const unique = (name: string) => {
      run += 1;
      return `${name}-${Date.now().toString(36)}-${run}`;
    };

    beforeAll(async () => {
      bus = await makeBus();
    });
    afterAll(() => bus?.close());

    it("delivers every event published before and after subscribing, once per group, to two groups", async () => {
      const topic = unique("t-groups");
      const early = makeEvents(5);
      await bus.publish(topic, early);
      const seen: Record<string, string[]> = { g1: [], g2: [] };
      const subs = await Promise.all(
        ["g1", "g2"].map((group) =>
          bus.subscribe({ topic, group: unique(group), handler: async (event) => void seen[group]!.push(event.id) }),
        ),
      );
      const late = makeEvents(5);
      await bus.publish(topic, late);
      const all = [...early, ...late].map((event) => event.id).sort();
      await until(() => seen.g1!.length >= 10 && seen.g2!.length >= 10);
      expect([...seen.g1!].sort()).toEqual(all);
      expect([...seen.g2!].sort()).toEqual(all);
      await Promise.all(subs.map((sub) => sub.close()));
    });

    it("reads several topics on one subscription (alsoTopics), dead-lettering to each event's own topic", async () => {
      const [first, second] = [unique("t-multi-a"), unique("t-multi-b")];
      const seen: string[] = [];
      const dead: EventEnvelope[] = [];
      const [a1, poison] = makeEvents(2);
      const [b1] = makeEvents(1);
      const dlqSub = await bus.subscribe({
        topic: `${second}.dlq`,
        group: unique("g-multi-dlq"),
        handler: async (event) => void dead.push(event),
      });
      const sub = await bus.subscribe({
        topic: first,
        alsoTopics: [second],
        group: unique("g-multi"),
        maxAttempts: 2,
        handler: async (event) => {
          if (event.id === poison!.id) throw new Error("cannot apply");
          seen.push(event.id);
        },
      });
      await bus.publish(first, [a1!]);
      await bus.publish(second, [b1!, poison!]);
      await until(() => seen.length >= 2 && dead.length >= 1);
      expect(seen.sort()).toEqual([a1!.id, b1!.id].sort());
      expect(dead[0]).toMatchObject({ id: poison!.id, payload: { failure: { source_topic: second } } });
      await Promise.all([sub.close(), dlqSub.close()]);
    });

    it("splits the events of one group between its members without loss or overlap, in order per key", async () => {
      const topic = unique("t-members");
      const group = unique("g-shared");
      const byMember: EventEnvelope[][] = [[], []];
      const subs = [];
      for (const index of [0, 1]) {
        subs.push(await bus.subscribe({ topic, group, handler: async (event) => void byMember[index]!.push(event) }));
      }
      const events = makeEvents(60);
      await bus.publish(topic, events);
      await until(() => byMember[0]!.length + byMember[1]!.length >= 60);
      const delivered = [...byMember[0]!, ...byMember[1]!];
      expect(delivered.map((event) => event.id).sort()).toEqual(events.map((event) => event.id).sort());
      for (const received of byMember) {
        for (const key of ["k0", "k1", "k2", "k3"]) {
          const order = received
            .filter((event) => event.key === key)
            .map((event) => (event.payload as { i: number }).i);
          expect(order).toEqual([...order].sort((x, y) => x - y));
        }
      }
      await Promise.all(subs.map((sub) => sub.close()));
    });

    it("redelivers after a failure, and withEventDedupe applies the event once", async () => {
      const topic = unique("t-retry");
      const [event] = makeEvents(1);
      let calls = 0;
      const applied: string[] = [];
      const log = createMemoryProcessedEventLog();
      const group = unique("g-retry");
      const flaky = async (received: EventEnvelope) => {
        calls += 1;
        if (calls <= 2) throw new Error("transient");
        applied.push(received.id);
      };
      const sub = await bus.subscribe({
        topic,
        group,
        maxAttempts: 5,
        handler: withEventDedupe(flaky, { group, log }),
      });
      await bus.publish(topic, [event!]);
      await bus.publish(topic, [event!]); // the same event published twice (a retried publish)
      await until(() => applied.length >= 1 && calls >= 3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(applied).toEqual([event!.id]);
      expect(calls).toBe(3);
      await sub.close();
    });

    it("moves an event that keeps failing to <topic>.dlq with the reason, and later events still flow", async () => {
      const topic = unique("t-dlq");
      const dead: EventEnvelope[] = [];
      const good: string[] = [];
      let deadLettered = 0;
      const [poison, fine] = makeEvents(2);
      const dlqSub = await bus.subscribe({
        topic: `${topic}.dlq`,
        group: unique("g-dlq"),
        handler: async (event) => void dead.push(event),
      });
      const sub = await bus.subscribe({
        topic,
        group: unique("g-main"),
        maxAttempts: 3,
        handler: async (event) => {
          if (event.id === poison!.id) throw new Error("cannot apply");
          good.push(event.id);
        },
        onDeadLetter: () => {
          deadLettered += 1;
        },
      });
      await bus.publish(topic, [poison!, fine!]);
      await until(() => dead.length >= 1 && good.length >= 1);
      expect(dead[0]).toMatchObject({
        id: poison!.id,
        payload: { original: poison!.payload, failure: { error: "cannot apply", attempts: 3, source_topic: topic } },
      });
      expect(good).toEqual([fine!.id]);
      expect(deadLettered).toBe(1);
      await Promise.all([sub.close(), dlqSub.close()]);
    });

    it("retries through an outage of the handler's database or a busy record for longer than maxAttempts, and never dead-letters the event", async () => {
      const topic = unique("t-outage");
      const dead: EventEnvelope[] = [];
      const applied: string[] = [];
      const [event] = makeEvents(1);
      let outageCalls = 0;
      const dlqSub = await bus.subscribe({
        topic: `${topic}.dlq`,
        group: unique("g-dlq"),
        handler: async (e) => void dead.push(e),
      });
      const sub = await bus.subscribe({
        topic,
        group: unique("g-main"),
        maxAttempts: 2,
        handler: async (e) => {
          // Three failures that say "my server is down", three that say "the record is
          // being changed" (as StorageError does), then success.
          if (outageCalls < 6) {
            outageCalls += 1;
            throw Object.assign(new Error("database unavailable or record busy"), {
              code: outageCalls <= 3 ? "unavailable" : "conflict",
            });
          }
          applied.push(e.id);
        },
      });
      await bus.publish(topic, [event!]);
      await until(() => applied.length >= 1, 20_000);
      expect(outageCalls).toBe(6);
      expect(applied).toEqual([event!.id]);
      expect(dead).toEqual([]);
      await Promise.all([sub.close(), dlqSub.close()]);
    });

    it("reports a group's lag: events published and not yet settled, down to zero", async () => {
      const topic = unique("t-lag");
      const group = unique("g-lag");
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let handled = 0;
      const sub = await bus.subscribe({
        topic,
        group,
        handler: async () => {
          await gate;
          handled += 1;
        },
      });
      // Not awaited: the in-process bus acknowledges a publish only once it is consumed.
      const published = bus.publish(topic, makeEvents(4));
      const lagOf = async () => (await bus.lag!([{ topic, group }]))[0]!;
      let queued = -1;
      for (
        const deadline = Date.now() + 30_000;
        queued !== 4 && Date.now() < deadline;
        await new Promise((resolve) => setTimeout(resolve, 100))
      )
        queued = (await lagOf()).lag;
      expect(await lagOf()).toEqual({ topic, group, lag: 4 });
      release();
      await published;
      await until(() => handled >= 4);
      let lag = -1;
      for (
        const deadline = Date.now() + 30_000;
        lag !== 0 && Date.now() < deadline;
        await new Promise((resolve) => setTimeout(resolve, 100))
      )
        lag = (await lagOf()).lag;
      expect(lag).toBe(0);
      await sub.close();
    });

    it("finishes an in-flight handler before close() resolves", async () => {
      const topic = unique("t-close");
      let finished = false;
      let started = false;
      const sub = await bus.subscribe({
        topic,
        group: unique("g-close"),
        handler: async () => {
          started = true;
          await new Promise((resolve) => setTimeout(resolve, 300));
          finished = true;
        },
      });
      await bus.publish(topic, makeEvents(1));
      await until(() => started);
      await sub.close();
      expect(finished).toBe(true);
    });

    it("hands batchHandler the events that queued while the group was busy, as one run in publish order", async () => {
      const topic = unique("t-batch");
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const singles: string[] = [];
      const runs: string[][] = [];
      const sub = await bus.subscribe({
        topic,
        group: unique("g-batch"),
        handler: async (event) => {
          singles.push(event.id);
          if (singles.length === 1) await gate;
        },
        batchHandler: async (events) => void runs.push(events.map((event) => event.id)),
      });
      const first = makeEvents(1, () => "same");
      const queued = makeEvents(6, () => "same");
      // Not awaited: the in-process bus acknowledges a publish only once it is consumed.
      const publishedFirst = bus.publish(topic, first);
      await until(() => singles.length === 1);
      const publishedQueued = bus.publish(topic, queued);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await Promise.all([publishedFirst, publishedQueued]);
      await until(() => [...singles, ...runs.flat()].length >= 7);
      expect([...singles, ...runs.flat()]).toEqual([...first, ...queued].map((event) => event.id));
      expect(runs.some((run) => run.length > 1)).toBe(true);
      await sub.close();
    });

    it("delivers a run again one event at a time through handler when batchHandler fails", async () => {
      const topic = unique("t-batch-fail");
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const applied: string[] = [];
      let started = false;
      let batchCalls = 0;
      const sub = await bus.subscribe({
        topic,
        group: unique("g-batch-fail"),
        handler: async (event) => {
          started = true;
          if (applied.length === 0) await gate;
          applied.push(event.id);
        },
        batchHandler: async () => {
          batchCalls += 1;
          throw new Error("one of the run's records is busy");
        },
      });
      const events = makeEvents(5, () => "same");
      const publishedFirst = bus.publish(topic, events.slice(0, 1));
      await until(() => started);
      const publishedRest = bus.publish(topic, events.slice(1));
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await Promise.all([publishedFirst, publishedRest]);
      await until(() => applied.length >= 5);
      expect(applied).toEqual(events.map((event) => event.id));
      expect(batchCalls).toBeGreaterThan(0);
      await sub.close();
    });
  });
}
