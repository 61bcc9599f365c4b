import { afterAll, describe, expect, it } from "vitest";
import { createEvent, createKafkaBus, type EventBus } from "@levy/events";
import { describeEventBusContract } from "./events-contract.js";

const brokers = process.env.KAFKA_BROKERS;
if (!brokers) throw new Error("KAFKA_BROKERS is not set: the integration project's globalSetup starts Kafka");
describeEventBusContract("kafka", () => createKafkaBus({ brokers: brokers.split(","), clientId: "levy-contract" }));
describeEventBusContract("kafka, namespaced", () =>
  createKafkaBus({ brokers: brokers.split(","), clientId: "levy-contract", namespace: "contract-ns" }),
);

describe("Kafka namespaces", () => {
  const buses: EventBus[] = [];
  afterAll(() => Promise.all(buses.map((bus) => bus.close())));

  it("keep installations on one broker apart: the same topic and group names never share an event", async () => {
    const open = async (namespace: string | undefined) => {
      const bus = await createKafkaBus({ brokers: brokers!.split(","), clientId: "levy-namespaces", namespace });
      buses.push(bus);
      return bus;
    };
    const stamp = Date.now().toString(36);
    const [plain, blue, green] = await Promise.all([open(undefined), open(`blue${stamp}`), open(`green${stamp}`)]);
    const topic = `t-shared-${stamp}`;
    const group = `g-shared-${stamp}`;
    const seen = new Map<EventBus, string[]>([
      [plain, []],
      [blue, []],
      [green, []],
    ]);
    for (const bus of [plain, blue, green])
      await bus.subscribe({ topic, group, handler: async (event) => void seen.get(bus)!.push(event.id) });
    const scope = { accountId: "acct_ns", livemode: false };
    const eventOf = (name: string) =>
      createEvent({ type: "test.happened", version: 1, scope, key: name, payload: { name } });
    const sent = new Map([
      [plain, eventOf("plain")],
      [blue, eventOf("blue")],
      [green, eventOf("green")],
    ]);
    for (const [bus, event] of sent) await bus.publish(topic, [event]);
    const deadline = Date.now() + 30_000;
    while ([...seen.values()].some((ids) => ids.length === 0) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    // A moment more, so a leak across namespaces would have arrived too.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const [bus, event] of sent) expect(seen.get(bus)).toEqual([event.id]);
    const lag = await blue.lag!([{ topic, group }]);
    expect(lag).toEqual([{ topic, group, lag: 0 }]);
  });
});

describe("Kafka gathering fetches (gatherMs)", () => {
  const buses: EventBus[] = [];
  afterAll(() => Promise.all(buses.map((bus) => bus.close())));

  // Events published one by one, 40 ms apart: without gathering each fetch returns the one
  // event that arrived (runs of one); with gatherMs the broker holds the fetch and they come
  // as runs. A fetch held for 2 s takes every event published in that window, so at least
  // half of the ten share one, however slow the machine.
  async function longestRun(gatherMs: number): Promise<number> {
    const bus = await createKafkaBus({ brokers: brokers!.split(","), clientId: "levy-gather" });
    buses.push(bus);
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const topic = `t-gather-${stamp}`;
    const delivered: string[] = [];
    const runs: number[] = [];
    await bus.subscribe({
      topic,
      group: `g-gather-${stamp}`,
      handler: async (event) => {
        delivered.push(event.id);
        runs.push(1);
      },
      batchHandler: async (events) => {
        delivered.push(...events.map((event) => event.id));
        runs.push(events.length);
      },
      gatherMs,
    });
    const scope = { accountId: "acct_gather", livemode: false };
    const sent: string[] = [];
    // The consumer's first fetch is under way once a first event comes back.
    const warm = createEvent({ type: "test.happened", version: 1, scope, key: "k", payload: { n: -1 } });
    await bus.publish(topic, [warm]);
    for (let wait = 0; !delivered.includes(warm.id) && wait < 600; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    runs.length = 0;
    for (let n = 0; n < 10; n += 1) {
      const event = createEvent({ type: "test.happened", version: 1, scope, key: "k", payload: { n } });
      sent.push(event.id);
      await bus.publish(topic, [event]);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    for (let wait = 0; sent.some((id) => !delivered.includes(id)) && wait < 600; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(delivered.slice(1)).toEqual(sent);
    return Math.max(...runs);
  }

  it("deliver a trickle of events as runs, in order and each once", async () => {
    expect(await longestRun(2_000)).toBeGreaterThanOrEqual(5);
  });
});
