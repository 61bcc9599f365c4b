import { describe, expect, it } from "vitest";
import type { VerifiedKey } from "./key-store.js";
import { createVerifiedKeyCache } from "./verified-key-cache.js";

const key = (keyId: string, accountId = "acct_1"): VerifiedKey => ({
  keyId,
  accountId,
  livemode: false,
  kind: "secret",
  pinnedApiVersion: "2026-03-01" as VerifiedKey["pinnedApiVersion"],
});

describe("verified-key cache", () => {
  it("forgets the least recently used key past its size", () => {
    const cache = createVerifiedKeyCache({ maxEntries: 2, maxAgeMs: 60_000 });
    cache.set("a", key("key_a"), cache.generation);
    cache.set("b", key("key_b"), cache.generation);
    expect(cache.get("a")?.keyId).toBe("key_a"); // a is now the most recent
    cache.set("c", key("key_c"), cache.generation);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.keyId).toBe("key_a");
    expect(cache.size).toBe(2);
  });

  it("forgets an entry older than its max age", () => {
    let now = 1000;
    const cache = createVerifiedKeyCache({ maxEntries: 10, maxAgeMs: 500, now: () => now });
    cache.set("a", key("key_a"), cache.generation);
    now += 499;
    expect(cache.get("a")).toBeDefined();
    now += 1;
    expect(cache.get("a")).toBeUndefined();
  });

  it("drops a key or every key of an account, and keeps no answer read before a drop", () => {
    const cache = createVerifiedKeyCache({ maxEntries: 10, maxAgeMs: 60_000 });
    cache.set("a", key("key_a"), cache.generation);
    cache.set("b", key("key_b"), cache.generation);
    cache.set("c", key("key_c", "acct_2"), cache.generation);
    const readBefore = cache.generation;
    cache.dropKey("key_a");
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBeDefined();
    cache.set("a", key("key_a"), readBefore); // a verification that began before the revocation
    expect(cache.get("a")).toBeUndefined();
    cache.dropAccount("acct_1");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("c")).toBeDefined();
  });

  it("keeps nothing with a size of 0", () => {
    const cache = createVerifiedKeyCache({ maxEntries: 0, maxAgeMs: 60_000 });
    cache.set("a", key("key_a"), cache.generation);
    expect(cache.get("a")).toBeUndefined();
  });
});
