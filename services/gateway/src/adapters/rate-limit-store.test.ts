// The shared rate-limit counters on the embedded store, with a clock the test moves.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmbeddedStore, type Store } from "@levy/storage";
import { createRateLimitStore, type RateLimitStore } from "./rate-limit-store.js";

describe("rate-limit store", () => {
  let store: Store;
  let now: number;
  let limits: RateLimitStore;
  const consume = (accountId = "acct_a", limit = 5) =>
    limits.consume({ accountId, bucket: "mcp", limit, windowSeconds: 60 });
  const allowedOf = async (count: number, accountId?: string) => {
    const results = await Promise.all(Array.from({ length: count }, () => consume(accountId)));
    return results.filter((result) => result.allowed).length;
  };

  beforeEach(async () => {
    store = await createEmbeddedStore({ dir: await mkdtemp(path.join(os.tmpdir(), "rate-limit-test-")) });
    now = 6_000_000; // 100 minutes: the start of a window
    limits = await createRateLimitStore(store, () => now);
  });
  afterEach(() => store.close());

  it("allows exactly the limit of concurrent requests and refuses the rest", async () => {
    expect(await allowedOf(8)).toBe(5);
    const refused = await consume();
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    // 60 s to the next window, then 12 s more until the 5 carried over weigh 4.
    expect(refused.retryAfterSeconds).toBe(72);
  });

  it("counts per account: another account has its own budget", async () => {
    expect(await allowedOf(5, "acct_a")).toBe(5);
    expect(await allowedOf(5, "acct_b")).toBe(5);
    expect((await consume("acct_a")).allowed).toBe(false);
  });

  it("reports what remains", async () => {
    expect((await consume()).remaining).toBe(4);
    expect((await consume()).remaining).toBe(3);
  });

  it("slides: the previous window's requests fade out as the window moves on", async () => {
    expect(await allowedOf(5)).toBe(5);
    now += 60_000; // next window starts: the previous one still weighs fully
    expect((await consume()).allowed).toBe(false);
    now += 15_000; // a quarter in: 5 × 0.75 = 3.75 → one more fits (4.75)
    expect(await allowedOf(3)).toBe(1);
    now += 45_000; // the window after: only the 1 request of the last window counts fully
    expect(await allowedOf(6)).toBe(4);
  });

  it("refused requests do not use up the budget", async () => {
    expect(await allowedOf(5)).toBe(5);
    expect(await allowedOf(20)).toBe(0);
    now += 120_000; // two windows later: everything before has left the sliding window
    expect(await allowedOf(6)).toBe(5);
  });

  it("two gateway processes on one store share the budget exactly, each remembering its own view", async () => {
    const other = await createRateLimitStore(store, () => now);
    const both = (count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, index) =>
          (index % 2 === 0 ? limits : other).consume({
            accountId: "acct_a",
            bucket: "mcp",
            limit: 9,
            windowSeconds: 60,
          }),
        ),
      );
    expect((await both(4)).filter((result) => result.allowed)).toHaveLength(4);
    // Each one's remembered count is now stale by the other's writes: still exactly 9.
    expect((await both(10)).filter((result) => result.allowed)).toHaveLength(5);
    expect((await other.consume({ accountId: "acct_a", bucket: "mcp", limit: 9, windowSeconds: 60 })).allowed).toBe(
      false,
    );
  });

  it("rejects impossible settings", async () => {
    await expect(
      limits.consume({ accountId: "acct_a", bucket: "MCP!", limit: 5, windowSeconds: 60 }),
    ).rejects.toMatchObject({ code: "invalid_field" });
    await expect(
      limits.consume({ accountId: "acct_a", bucket: "mcp", limit: 0, windowSeconds: 60 }),
    ).rejects.toMatchObject({ code: "invalid_field" });
    await expect(limits.consume({ accountId: "", bucket: "mcp", limit: 5, windowSeconds: 60 })).rejects.toMatchObject({
      code: "invalid_request",
    });
  });
});
