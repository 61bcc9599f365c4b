// levy_outbox_pending_events follows the outbox index, and a database that stops
// answering keeps the last figure instead of failing the whole scrape.
import type { Collection } from "@levy/storage";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { registerOutboxMetrics } from "./outbox-metrics.js";

describe("registerOutboxMetrics", () => {
  it("reports the index count on scrape, and the last one while the database is down", async () => {
    let answer: () => Promise<number> = async () => 3;
    const index = { count: () => answer() } as unknown as Collection<{ id: string }>;
    const registry = new Registry();
    registerOutboxMetrics(registry, index, { accountId: "__ledger_outbox__", livemode: false });
    expect(await registry.metrics()).toMatch(/^levy_outbox_pending_events 3$/m);
    answer = async () => {
      throw new Error("database unavailable");
    };
    expect(await registry.metrics()).toMatch(/^levy_outbox_pending_events 3$/m);
    answer = async () => 0;
    expect(await registry.metrics()).toMatch(/^levy_outbox_pending_events 0$/m);
  });
});
