import { describe, expect, it } from "vitest";
import { processingDate, processingWindow, refundDate } from "./processing-dates.js";

const now = Date.UTC(2026, 10, 25) / 1000;
const sale = { id: "tr_1", transaction_processed_at: Date.UTC(2026, 9, 15) / 1000 };

describe("processing dates", () => {
  it.each([
    { name: "absent means now", value: undefined, expected: now },
    { name: "the earliest second", value: processingWindow.earliest, expected: processingWindow.earliest },
    { name: "a day ahead", value: now + 86_400, expected: now + 86_400 },
  ])("accepts $name", ({ value, expected }) => {
    expect(processingDate("transaction_processed_at", value, now)).toBe(expected);
  });

  it.each([
    { name: "0 (not 'now')", value: 0 },
    { name: "1970", value: 86_400 },
    { name: "a second before 2000", value: processingWindow.earliest - 1 },
    { name: "more than a day ahead", value: now + 86_401 },
    { name: "year 5138", value: 99_999_999_999 },
    { name: "a fraction", value: now - 0.5 },
  ])("refuses $name, naming the field", ({ value }) => {
    expect(() => processingDate("transaction_processed_at", value, now)).toThrow(
      expect.objectContaining({ code: "invalid_field", meta: { field: "transaction_processed_at" } }),
    );
  });

  it("a refund is never before its sale, even when its date defaults to now", () => {
    expect(refundDate(sale.transaction_processed_at, sale, now)).toBe(sale.transaction_processed_at);
    expect(() => refundDate(sale.transaction_processed_at - 1, sale, now)).toThrow(/before transaction tr_1/);
    const futureSale = { ...sale, transaction_processed_at: now + 60 };
    expect(() => refundDate(undefined, futureSale, now)).toThrow(/\(now\) is before/);
  });
});
