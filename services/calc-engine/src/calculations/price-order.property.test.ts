// Properties of a priced order over any order Levy accepts: line counts, per-unit or
// whole-line amounts up to the bound, quantities, rates, inclusive or exclusive. The
// jurisdiction shares add up to each line's tax, the lines add up to the totals, and
// every figure is an exact integer no larger than 2^53 − 1.
import { create } from "@bufbuild/protobuf";
import { MAX_MONEY, MAX_ORDER_AMOUNT, assertOrderAmount } from "@levy/kit";
import { OrderDetailsInputSchema } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AppliedJurisdiction } from "../domain/determine.js";
import { RATE_SCALE, rateFromUnits } from "../domain/tax-math.js";
import { RateBook } from "../rates/rate-book.js";
import { priceOrder } from "./price-order.js";

const book = new RateBook({ jurisdictions: new Map(), rules: [] });
const product = {
  category: "GENERAL_MERCHANDISE",
  referenceProductId: "GENERAL_MERCHANDISE",
  name: "General merchandise",
};

const jurisdiction = (rateUnits: bigint, index: number): AppliedJurisdiction => ({
  id: `J-${index}`,
  name: `J ${index}`,
  type: "STATE",
  taxType: "SALES",
  authorityName: "Authority",
  displayName: `J ${index}`,
  rates: { standard: rateFromUnits(rateUnits) },
  fees: [],
});

const line = fc.record({
  amount: fc.oneof(fc.bigInt({ min: 0n, max: 100_000n }), fc.bigInt({ min: 0n, max: 1_000_000_000_000n })),
  quantity: fc.oneof(fc.bigInt({ min: 1n, max: 10n }), fc.bigInt({ min: 1n, max: 1_000_000_000n })),
});

const order = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 60 }),
  perUnit: fc.boolean(),
  taxIncluded: fc.boolean(),
  // Up to 5 jurisdictions below 20 % each: together below 100 %, like any real address.
  rates: fc.array(fc.bigInt({ min: 0n, max: RATE_SCALE / 5n - 1n }), { maxLength: 5 }),
});

/** Scales lines down until the order is within the bound (most random orders are far above it). */
function withinBound(lines: { amount: bigint; quantity: bigint }[], perUnit: boolean) {
  const share = MAX_ORDER_AMOUNT / BigInt(lines.length);
  return lines.map(({ amount, quantity }) => {
    const value = perUnit ? amount * quantity : amount;
    return value <= share ? { amount, quantity } : { amount: perUnit ? share / quantity : share, quantity };
  });
}

describe("priced orders (properties)", () => {
  it("shares add up to line tax, lines to totals, and every figure is an exact integer ≤ 2^53 − 1", () => {
    fc.assert(
      fc.property(order, ({ lines, perUnit, taxIncluded, rates }) => {
        const bounded = withinBound(lines, perUnit);
        assertOrderAmount(bounded, { perUnit, path: "order_details" });
        const input = create(OrderDetailsInputSchema, {
          customerCurrencyCode: "USD",
          taxIncludedInAmount: taxIncluded,
          lineItems: bounded,
        });
        const jurisdictions = rates.map(jurisdiction);
        const priced = priceOrder(
          input,
          bounded.map(() => product),
          { path: "order_details", book, jurisdictions, day: "2026-01-15", perUnit, chargeFees: false },
        );

        const sum = { taxAmount: 0n, amountExcludingTax: 0n, amountIncludingTax: 0n };
        priced.lines.forEach((result, index) => {
          const figures = [
            result.taxAmount,
            result.amountExcludingTax,
            result.amountIncludingTax,
            ...result.taxJurisdictions.map((j) => j.taxDueDecimal),
          ];
          for (const figure of figures) {
            expect(typeof figure).toBe("bigint");
            expect(figure >= 0n && figure <= MAX_MONEY).toBe(true);
          }
          expect(result.taxJurisdictions.reduce((total, j) => total + j.taxDueDecimal, 0n)).toBe(result.taxAmount);
          expect(result.amountExcludingTax + result.taxAmount).toBe(result.amountIncludingTax);
          const value = perUnit ? bounded[index]!.amount * bounded[index]!.quantity : bounded[index]!.amount;
          expect(taxIncluded ? result.amountIncludingTax : result.amountExcludingTax).toBe(value);
          sum.taxAmount += result.taxAmount;
          sum.amountExcludingTax += result.amountExcludingTax;
          sum.amountIncludingTax += result.amountIncludingTax;
        });
        expect(priced.totals).toEqual(sum);
        for (const total of Object.values(priced.totals)) expect(total <= MAX_MONEY).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("an order one unit beyond the bound is refused, naming the field", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.boolean(), (count, perUnit) => {
        const lines = Array.from({ length: count }, (_, index) => ({
          amount: index === 0 ? MAX_ORDER_AMOUNT - BigInt(count) + 2n : 1n,
          quantity: 1n,
        }));
        expect(() => assertOrderAmount(lines, { perUnit, path: "order_details" })).toThrow(
          expect.objectContaining({
            code: "invalid_field",
            meta: { field: count === 1 ? "order_details.line_items[0].amount" : "order_details.line_items" },
          }),
        );
      }),
    );
  });
});
