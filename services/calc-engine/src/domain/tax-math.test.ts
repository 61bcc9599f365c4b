import { describe, expect, it } from "vitest";
import { RATE_SCALE, allocate, rateUnits, taxExclusive, taxInclusive } from "./tax-math.js";

const full = (rate: number) => ({ rate: rateUnits(rate), fraction: RATE_SCALE, exemptAmount: 0n });

describe("tax arithmetic", () => {
  it("rounds the line half-up once and splits it exactly", () => {
    // 6% + 2% on 10000 → 800, split 600/200
    expect(taxExclusive(10000, [full(0.06), full(0.02)])).toEqual({ amountExcludingTax: 10000, amountIncludingTax: 10800, taxAmount: 800, shares: [600, 200] });
    // 8.875% of 999 = 88.66 → 89; the three shares still add up
    const nyc = taxExclusive(999, [full(0.04), full(0.045), full(0.00375)]);
    expect(nyc.taxAmount).toBe(89);
    expect(nyc.shares.reduce((a, b) => a + b, 0)).toBe(89);
    // exactly half a cent rounds up: 5% of 10 = 0.5 → 1
    expect(taxExclusive(10, [full(0.05)]).taxAmount).toBe(1);
    expect(taxExclusive(9, [full(0.05)]).taxAmount).toBe(0);
  });

  it("backs tax out of inclusive amounts so that excluding + tax = including", () => {
    expect(taxInclusive(10600, [full(0.06)])).toEqual({ amountExcludingTax: 10000, amountIncludingTax: 10600, taxAmount: 600, shares: [600] });
    const vat = taxInclusive(12345, [full(0.255)]);
    expect(vat.taxAmount).toBe(Math.round(12345 - 12345 / 1.255));
    expect(vat.amountExcludingTax + vat.taxAmount).toBe(12345);
  });

  it("handles a taxable fraction and an exempt part per unit", () => {
    // Texas SaaS: 6.25% on 80% of 10000 = 500
    expect(taxExclusive(10000, [{ rate: rateUnits(0.0625), fraction: rateUnits(0.8), exemptAmount: 0n }]).taxAmount).toBe(500);
    // Massachusetts clothing: 6.25% on (20000 − 17500) = 156.25 → 156
    const ma = { rate: rateUnits(0.0625), fraction: RATE_SCALE, exemptAmount: 17500n };
    expect(taxExclusive(20000, [ma]).taxAmount).toBe(156);
    expect(taxExclusive(15000, [ma]).taxAmount).toBe(0);
    // inclusive: 20156 gross → net 20000 (tax 156), and a gross under the exempt part is untaxed
    expect(taxInclusive(20156, [ma]).taxAmount).toBe(156);
    expect(taxInclusive(15000, [ma]).taxAmount).toBe(0);
  });

  it("allocates by largest remainder with ties to the first", () => {
    expect(allocate(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(allocate(0n, [1n, 2n])).toEqual([0n, 0n]);
    expect(allocate(5n, [0n, 0n])).toEqual([0n, 0n]);
  });

  it("keeps exact sums over many random lines", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 2000; i += 1) {
      const components = [full(Math.round(random() * 100000) / 1e6), full(Math.round(random() * 30000) / 1e6), full(Math.round(random() * 10000) / 1e6)];
      const amount = Math.floor(random() * 1e7);
      for (const result of [taxExclusive(amount, components), taxInclusive(amount, components)]) {
        expect(result.shares.reduce((a, b) => a + b, 0)).toBe(result.taxAmount);
        expect(result.amountExcludingTax + result.taxAmount).toBe(result.amountIncludingTax);
      }
    }
  });
});
