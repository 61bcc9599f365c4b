// The certificate backlog gauges: how many uploads are unsettled, the age of the oldest
// (from its upload's created_at), 0 once it is settled, and the last figures while the
// database does not answer.
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import type { Collections } from "../adapters/collections.js";
import { registerBacklogMetrics } from "./backlog-metrics.js";
import type { ProcessingNotes } from "./processing-sweep.js";

describe("registerBacklogMetrics", () => {
  it("reports the unsettled uploads and the age of the oldest", async () => {
    const scope = { accountId: "acct_1", livemode: true };
    let backlog: ProcessingNotes["backlog"] = async () => ({ count: 2, oldest: { scope, uploadId: "upl_old" } });
    let status = "processing";
    const createdAt = Math.floor(Date.now() / 1000) - 600;
    const notes = { backlog: () => backlog() } as unknown as ProcessingNotes;
    const uploads = {
      get: async (_: unknown, id: string) => (id === "upl_old" ? { id, status, created_at: createdAt } : null),
    } as unknown as Collections["uploads"];
    const registry = new Registry();
    registerBacklogMetrics(registry, notes, uploads);
    const read = async () => {
      const text = await registry.metrics();
      const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);
      return {
        count: value("levy_certificate_uploads_processing"),
        age: value("levy_certificate_oldest_processing_upload_age_seconds"),
      };
    };
    const first = await read();
    expect(first.count).toBe(2);
    expect(first.age).toBeGreaterThanOrEqual(600);
    expect(first.age).toBeLessThan(3600);
    // Settled meanwhile (its note not yet removed): no age is claimed for it.
    status = "completed";
    expect((await read()).age).toBe(0);
    backlog = async () => {
      throw new Error("database unavailable");
    };
    expect(await read()).toEqual({ count: 2, age: 0 });
    backlog = async () => ({ count: 0, oldest: null });
    expect(await read()).toEqual({ count: 0, age: 0 });
  });
});
