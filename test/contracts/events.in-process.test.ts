import { createEvent, createInProcessBus } from "@levy/events";
import { describe, expect, it } from "vitest";
import { describeEventBusContract } from "./events-contract.js";

describeEventBusContract("in-process", async () => createInProcessBus());

// The in-process log lives in memory only, so a publish is acknowledged (and the outbox
// lets go of the event) only when every subscribed group has settled it.
describe("in-process bus acknowledgement", () => {
  const scope = { accountId: "acct_ack", livemode: false };
  const events = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      createEvent({ type: "test.happened", version: 1, scope, key: "k", payload: { i } }),
    );

  it("resolves a publish only after every subscribed group applied the events", async () => {
    const bus = createInProcessBus();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const applied: string[] = [];
    await bus.subscribe({ topic: "t", group: "fast", handler: async (event) => void applied.push(`fast:${event.id}`) });
    await bus.subscribe({
      topic: "t",
      group: "slow",
      handler: async (event) => {
        await gate;
        applied.push(`slow:${event.id}`);
      },
    });
    let acknowledged = false;
    const published = bus.publish("t", events(3)).then(() => (acknowledged = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(acknowledged).toBe(false);
    release();
    await published;
    expect(applied.filter((entry) => entry.startsWith("slow:"))).toHaveLength(3);
    await bus.close();
  });

  it("rejects a publish whose group stops before settling it, so the outbox keeps the event", async () => {
    const bus = createInProcessBus();
    const subscription = await bus.subscribe({
      topic: "t",
      group: "g",
      handler: () => new Promise((resolve) => setTimeout(resolve, 50)),
    });
    const published = bus.publish("t", events(20));
    await new Promise((resolve) => setTimeout(resolve, 80));
    await subscription.close();
    await expect(published).rejects.toMatchObject({ code: "unavailable" });
    await bus.close();
  });
});
