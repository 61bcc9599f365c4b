import { describe, expect, it } from "vitest";
import { MAX_MONEY, MAX_ORDER_AMOUNT, assertOrderAmount, exactMoney } from "./money.js";

const refusedField = (run: () => void) => {
  try {
    run();
    return null;
  } catch (error) {
    return (error as { meta?: { field?: string } }).meta?.field;
  }
};

describe("the money bound", () => {
  it.each([
    ["a whole line at the bound", [{ amount: MAX_ORDER_AMOUNT, quantity: 5n }], false, null],
    [
      "a whole line one over",
      [{ amount: MAX_ORDER_AMOUNT + 1n, quantity: 1n }],
      false,
      "order_details.line_items[0].amount",
    ],
    [
      "a per-unit line at the bound: (2^26 + 1) × (2^26 − 1)",
      [{ amount: 67_108_865n, quantity: 67_108_863n }],
      true,
      null,
    ],
    [
      "a per-unit line over it: 999999999999 × 999999",
      [{ amount: 999_999_999_999n, quantity: 999_999n }],
      true,
      "order_details.line_items[0].amount",
    ],
    [
      "two lines under it whose sum is over",
      [
        { amount: MAX_ORDER_AMOUNT, quantity: 1n },
        { amount: 1, quantity: 1 },
      ],
      false,
      "order_details.line_items",
    ],
  ] as const)("%s", (_name, lines, perUnit, field) => {
    expect(refusedField(() => assertOrderAmount(lines, { perUnit, path: "order_details" }))).toBe(field);
  });

  it("turns figures into JSON numbers exactly, and refuses to round one beyond 2^53 − 1", () => {
    expect(exactMoney(MAX_MONEY)).toBe(Number.MAX_SAFE_INTEGER);
    expect(exactMoney(0n)).toBe(0);
    expect(() => exactMoney(MAX_MONEY + 1n)).toThrow(expect.objectContaining({ code: "internal_error" }));
  });
});
