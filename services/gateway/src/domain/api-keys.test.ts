import { describe, expect, it } from "vitest";
import { displayPrefix, generateApiKey, hashApiKey, hashesEqual, parseApiKey } from "./api-keys.js";

describe("API keys", () => {
  it.each([
    ["sk_test_", "secret", false],
    ["sk_prod_", "secret", true],
    ["pk_test_", "publishable", false],
    ["pk_prod_", "publishable", true],
  ] as const)("a %s key is a %s key in %s livemode", (prefix, kind, livemode) => {
    expect(parseApiKey(`${prefix}${"a".repeat(32)}`)).toEqual({ kind, livemode });
  });

  it.each([
    "sk_test_short",
    `sk_live_${"a".repeat(32)}`,
    `sk_test_${"a".repeat(33)}`,
    `sk_test_${"-".repeat(32)}`,
    "",
    "Bearer x",
  ])("refuses the malformed key %j", (secret) => expect(parseApiKey(secret)).toBeNull());

  it("generates keys that parse back to their kind and mode and never repeat", () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey("secret", true)));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(parseApiKey(key)).toEqual({ kind: "secret", livemode: true });
  });

  it("hashes with the pepper, so the same key under another pepper does not match", () => {
    const key = generateApiKey("secret", false);
    expect(
      hashesEqual(
        hashApiKey(key, "pepper-one-0123456789abcdef012345"),
        hashApiKey(key, "pepper-one-0123456789abcdef012345"),
      ),
    ).toBe(true);
    expect(
      hashesEqual(
        hashApiKey(key, "pepper-one-0123456789abcdef012345"),
        hashApiKey(key, "pepper-two-0123456789abcdef012345"),
      ),
    ).toBe(false);
    expect(hashesEqual("ab", "abcd")).toBe(false);
  });

  it("shows only the prefix and four characters of a key", () => {
    expect(displayPrefix("sk_test_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345")).toBe("sk_test_ABCD…");
  });
});
