// Properties of the line arithmetic over any amount Levy accepts (up to the order bound),
// any rates below 100 % in total, taxable fractions and exempt parts, both directions.
import fc from "fast-check";
import { MAX_MONEY, MAX_ORDER_AMOUNT } from "@levy/kit";
import { describe, expect, it } from "vitest";
import { RATE_SCALE, type LineTax, type TaxComponent, taxExclusive, taxInclusive } from "./tax-math.js";

const halfUp = (numerator: bigint, denominator: bigint) => (2n * numerator + denominator) / (2n * denominator);
const amount = fc.oneof(fc.bigInt({ min: 0n, max: 100_000n }), fc.bigInt({ min: 0n, max: MAX_ORDER_AMOUNT }));
/** Up to 5 jurisdictions, each below 20 %, so that together they stay below 100 %. */
const rates = fc.array(fc.bigInt({ min: 0n, max: RATE_SCALE / 5n - 1n }), { minLength: 0, maxLength: 5 });
const component: fc.Arbitrary<TaxComponent> = fc.record({
  rate: fc.bigInt({ min: 0n, max: RATE_SCALE / 5n - 1n }),
  fraction: fc.oneof(fc.constant(RATE_SCALE), fc.bigInt({ min: 0n, max: RATE_SCALE })),
  exemptAmount: fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 1_000_000n })),
});

function expectConsistent(result: LineTax): void {
  for (const figure of [result.amountExcludingTax, result.amountIncludingTax, result.taxAmount, ...result.shares]) {
    expect(typeof figure).toBe("bigint");
    expect(figure >= 0n && figure <= MAX_MONEY).toBe(true);
  }
  expect(result.shares.reduce((a, b) => a + b, 0n)).toBe(result.taxAmount);
  expect(result.amountExcludingTax + result.taxAmount).toBe(result.amountIncludingTax);
}

describe("tax arithmetic (properties)", () => {
  it("exclusive: tax is the exact sum of rate × amount rounded half-up once, shared exactly", () => {
    fc.assert(
      fc.property(amount, rates, (net, rateList) => {
        const result = taxExclusive(
          net,
          rateList.map((rate) => ({ rate, fraction: RATE_SCALE, exemptAmount: 0n })),
        );
        expectConsistent(result);
        const sumOfRates = rateList.reduce((a, b) => a + b, 0n);
        expect(result.taxAmount).toBe(halfUp(net * sumOfRates, RATE_SCALE));
        expect(result.amountExcludingTax).toBe(net);
      }),
    );
  });

  it("inclusive: the gross is kept and the tax is gross × r / (1 + r) rounded half-up once", () => {
    fc.assert(
      fc.property(amount, rates, (gross, rateList) => {
        const result = taxInclusive(
          gross,
          rateList.map((rate) => ({ rate, fraction: RATE_SCALE, exemptAmount: 0n })),
        );
        expectConsistent(result);
        const sumOfRates = rateList.reduce((a, b) => a + b, 0n);
        expect(result.taxAmount).toBe(halfUp(gross * sumOfRates, RATE_SCALE + sumOfRates));
        expect(result.amountIncludingTax).toBe(gross);
      }),
    );
  });

  it("with taxable fractions and exempt parts, shares still add up and figures stay exact", () => {
    fc.assert(
      fc.property(amount, fc.array(component, { maxLength: 5 }), fc.boolean(), (value, components, included) => {
        const result = included ? taxInclusive(value, components) : taxExclusive(value, components);
        expectConsistent(result);
        // a component with no rate or nothing taxable never gets a share
        components.forEach((c, i) => {
          if (c.rate === 0n || c.fraction === 0n) expect(result.shares[i]).toBe(0n);
        });
      }),
    );
  });
});
