// The event-bus decorator on the in-process bus: what each service's registry counts
// (produced, processed, failed attempts, dead-lettered) and the lag it reports.
import { createEvent, createInProcessBus } from "@levy/events";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { groupLabel, instrumentEventBus } from "./event-bus-metrics.js";

const event = (key: string) =>
  createEvent({
    type: "thing.happened",
    version: 1,
    scope: { accountId: "acct_1", livemode: false },
    key,
    payload: { key },
  });
const waitFor = async (condition: () => Promise<boolean>) => {
  for (let attempt = 0; attempt < 200 && !(await condition()); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
};
const metricValue = async (registry: Registry, name: string, labels: Record<string, string>) => {
  const metric = (await registry.getMetricsAsJSON()).find((entry) => entry.name === name);
  return metric?.values.find((sample) =>
    Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  )?.value;
};

describe("instrumentEventBus", () => {
  it("counts the events of a run a batchHandler applied as processed", async () => {
    const registry = new Registry();
    const bus = instrumentEventBus(createInProcessBus(), registry);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const runs: number[] = [];
    let started = false;
    await bus.subscribe({
      topic: "levy.test.runs",
      group: "runs-worker",
      handler: async () => {
        started = true;
        await gate;
      },
      batchHandler: async (events) => void runs.push(events.length),
    });
    // The first event holds the group; the next four queue behind it and come as one run.
    const first = bus.publish("levy.test.runs", [event("a")]);
    await waitFor(async () => started);
    const rest = bus.publish("levy.test.runs", [event("b"), event("c"), event("d"), event("e")]);
    release();
    await Promise.all([first, rest]);
    const labels = { topic: "levy.test.runs", group: "runs-worker", outcome: "processed" };
    await waitFor(async () => (await metricValue(registry, "levy_events_consumed_total", labels)) === 5);
    expect(runs).toEqual([4]);
    expect(await metricValue(registry, "levy_events_consumed_total", labels)).toBe(5);
  });

  it("counts per service: produced, processed, failed attempts, dead-lettered, and the lag", async () => {
    const shared = createInProcessBus();
    const producerRegistry = new Registry();
    const consumerRegistry = new Registry();
    const producer = instrumentEventBus(shared, producerRegistry);
    const consumer = instrumentEventBus(shared, consumerRegistry, { lagCacheMs: 0 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await consumer.subscribe({
      topic: "levy.test.things",
      group: "things-worker",
      maxAttempts: 2,
      handler: async (received) => {
        await gate;
        if ((received.payload as { key: string }).key === "bad") throw new Error("cannot handle it");
      },
    });
    // Not awaited: the in-process bus acknowledges a publish once it is consumed.
    const published = producer.publish("levy.test.things", [event("a"), event("bad"), event("b")]);
    // Nothing settled yet: all three wait in the group's queue.
    expect(
      await metricValue(consumerRegistry, "levy_events_consumer_lag", {
        topic: "levy.test.things",
        group: "things-worker",
      }),
    ).toBe(3);
    release();
    await published;
    const labels = { topic: "levy.test.things", group: "things-worker" };
    await waitFor(
      async () =>
        (await metricValue(consumerRegistry, "levy_events_consumed_total", { ...labels, outcome: "processed" })) ===
          2 &&
        (await metricValue(consumerRegistry, "levy_events_consumed_total", { ...labels, outcome: "dead_lettered" })) ===
          1,
    );
    expect(
      await metricValue(producerRegistry, "levy_events_produced_total", { topic: "levy.test.things", outcome: "ok" }),
    ).toBe(3);
    expect(await metricValue(consumerRegistry, "levy_events_consumed_total", { ...labels, outcome: "processed" })).toBe(
      2,
    );
    expect(
      await metricValue(consumerRegistry, "levy_events_consumed_total", { ...labels, outcome: "dead_lettered" }),
    ).toBe(1);
    expect(await metricValue(consumerRegistry, "levy_events_handler_failures_total", labels)).toBe(2);
    expect(await metricValue(consumerRegistry, "levy_events_consumer_lag", labels)).toBe(0);
    // A view of the bus without subscriptions of its own reports no lag series.
    expect(await metricValue(instrumentEventBusLagOnly(shared), "levy_events_consumer_lag", labels)).toBeUndefined();
    // Each service counts only its own side.
    expect(
      await metricValue(consumerRegistry, "levy_events_produced_total", { topic: "levy.test.things" }),
    ).toBeUndefined();
    expect(await metricValue(producerRegistry, "levy_events_consumed_total", labels)).toBeUndefined();
    await shared.close();
  });

  it("counts a failed publish as an error and passes the failure on", async () => {
    const registry = new Registry();
    const shared = createInProcessBus();
    await shared.close();
    await expect(instrumentEventBus(shared, registry).publish("levy.test.things", [event("a")])).rejects.toThrow(
      /closed/,
    );
    expect(
      await metricValue(registry, "levy_events_produced_total", { topic: "levy.test.things", outcome: "error" }),
    ).toBe(1);
  });

  it("labels a per-instance group by its name, so restarts do not make new series", () => {
    expect(groupLabel("calc-engine-exemptions_0123456789abcdefghij")).toBe("calc-engine-exemptions");
    expect(groupLabel("ledger-filings")).toBe("ledger-filings");
    expect(groupLabel("things_short")).toBe("things_short");
  });
});

/** A second view of the bus with no subscriptions of its own reports no lag series. */
function instrumentEventBusLagOnly(bus: ReturnType<typeof createInProcessBus>): Registry {
  const registry = new Registry();
  instrumentEventBus(bus, registry);
  return registry;
}
