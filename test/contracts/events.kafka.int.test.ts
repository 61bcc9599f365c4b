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
