// A busy aggregate (claimed by a write that never finished) must not cost the event its
// delivery attempts: applyOnce rethrows the conflict after its quick retries, and the
// event bus retries conflicts without counting them, so the event waits for the claim
// to clear instead of being dead-lettered.
import { describe, expect, it } from "vitest";
import { deliverWithRetries, isTransientFailure } from "@levy/events";
import { StorageError, type Collection } from "@levy/storage";
import { applyOnce } from "./aggregator.js";

interface Counter {
  id: string;
  applied_events: string[];
  total: number;
}

/** A collection whose updates conflict for the first `busyUpdates` calls, as a stale version claim does. */
function claimedCollection(busyUpdates: number) {
  let stored = { id: "sum_1", applied_events: [] as string[], total: 0, version: 1 };
  let updates = 0;
  const collection = {
    get: async () => ({ ...stored }),
    insertIfAbsent: async () => ({ inserted: false, record: { ...stored } }),
    update: async (_scope: unknown, _id: string, options: { expectedVersion: number; set: Partial<Counter> }) => {
      updates += 1;
      if (updates <= busyUpdates) throw new StorageError("conflict", "record sum_1 is being changed by another writer");
      stored = { ...stored, ...options.set, version: options.expectedVersion + 1 };
      return { ...stored };
    },
  } as unknown as Collection<Counter>;
  return { collection, current: () => stored };
}

const scope = { accountId: "acct_1", livemode: false };
const create: Counter = { id: "sum_1", applied_events: [], total: 0 };

describe("filings aggregator on a busy aggregate", () => {
  it("rethrows the conflict after its quick retries, a failure the event bus treats as transient", async () => {
    const { collection } = claimedCollection(Number.POSITIVE_INFINITY);
    const failure = await applyOnce(collection, scope, create, "evt_1", (current) => ({ total: current.total + 5 })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageError);
    expect(failure).toMatchObject({ code: "conflict", message: expect.stringMatching(/sum_1 kept changing/) });
    expect(isTransientFailure(failure)).toBe(true);
    expect(isTransientFailure(new StorageError("unavailable", "down"))).toBe(true);
    expect(isTransientFailure(new Error("bad event"))).toBe(false);
  });

  it("applies the event once the claim clears, without spending its delivery attempts", async () => {
    // 120 conflicting updates: more than two rounds of applyOnce's 50 quick retries.
    const { collection, current } = claimedCollection(120);
    const handler = async () => void (await applyOnce(collection, scope, create, "evt_1", (stored) => ({ total: stored.total + 5 })));
    const event = { id: "evt_1" } as Parameters<typeof deliverWithRetries>[1];
    const outcome = await deliverWithRetries(handler, event, { maxAttempts: 1 });
    expect(outcome).toEqual({ delivered: true });
    expect(current()).toMatchObject({ total: 5, applied_events: ["evt_1"] });
  });
});
