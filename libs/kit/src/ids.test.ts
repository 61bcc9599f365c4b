import { describe, expect, it } from "vitest";
import { derivedId, hasIdForm, newId } from "./ids.js";

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
