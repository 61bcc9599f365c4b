import { describe, expect, it } from "vitest";
import { derivedId, hasIdForm, newId, randomToken } from "./ids.js";

describe("id form", () => {
  it("recognises what newId and derivedId give, and nothing looser", () => {
    expect(hasIdForm("cust", newId("cust"))).toBe(true);
    expect(hasIdForm("merch", derivedId("merch", ["a", 1]))).toBe(true);
    const rows: Array<[string, string, boolean]> = [
      ["another prefix", newId("merch"), false],
      ["a prefix that is only the start of another", newId("mer"), false],
      ["19 characters", `cust_${"a".repeat(19)}`, false],
      ["21 characters", `cust_${"a".repeat(21)}`, false],
      ["a character outside base62", `cust_${"a".repeat(19)}-`, false],
      ["no underscore", `cust${"a".repeat(20)}`, false],
    ];
    for (const [name, value, expected] of rows) expect(hasIdForm("cust", value), name).toBe(expected);
    expect(hasIdForm("mer", newId("merch")), "merch_ is not mer_").toBe(false);
  });
});

describe("random tokens", () => {
  it("are base62 of the asked length, never repeat, and use every character, across refills of the byte pool", () => {
    // 2,000 tokens of 32 characters draw well over one 4 KiB pool of random bytes.
    const tokens = Array.from({ length: 2000 }, () => randomToken(32));
    for (const token of tokens) expect(token).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    const counts = new Map<string, number>();
    for (const character of tokens.join("")) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 64,000 characters over 62: about 1,032 each; rejection sampling keeps them even.
    for (const count of counts.values()) expect(count).toBeGreaterThan(800);
  });
});
