import { describe, expect, it } from "vitest";
import { RATE_SCALE, allocate, exactRateUnits, fixedBase, rateUnits, taxExclusive, taxInclusive } from "./tax-math.js";

const full = (rate: number) => ({ rate: rateUnits(rate), fraction: RATE_SCALE, exemptAmount: 0n });

describe("tax arithmetic", () => {
  it("rounds the line half-up once and splits it exactly", () => {
    // 6% + 2% on 10000 → 800, split 600/200
    expect(taxExclusive(10000n, [full(0.06), full(0.02)])).toEqual({
      amountExcludingTax: 10000n,
      amountIncludingTax: 10800n,
      taxAmount: 800n,
      shares: [600n, 200n],
    });
    // 8.875% of 999 = 88.66 → 89; the three shares still add up
    const nyc = taxExclusive(999n, [full(0.04), full(0.045), full(0.00375)]);
    expect(nyc.taxAmount).toBe(89n);
    expect(nyc.shares.reduce((a, b) => a + b, 0n)).toBe(89n);
    // exactly half a cent rounds up: 5% of 10 = 0.5 → 1
    expect(taxExclusive(10n, [full(0.05)]).taxAmount).toBe(1n);
    expect(taxExclusive(9n, [full(0.05)]).taxAmount).toBe(0n);
  });

  it("backs tax out of inclusive amounts so that excluding + tax = including", () => {
    expect(taxInclusive(10600n, [full(0.06)])).toEqual({
      amountExcludingTax: 10000n,
      amountIncludingTax: 10600n,
      taxAmount: 600n,
      shares: [600n],
    });
    const vat = taxInclusive(12345n, [full(0.255)]);
    expect(vat.taxAmount).toBe(2508n); // 12345 − 12345 / 1.255 = 2508.37
    expect(vat.amountExcludingTax + vat.taxAmount).toBe(12345n);
  });

  it("handles a taxable fraction and an exempt part per unit", () => {
    // Texas SaaS: 6.25% on 80% of 10000 = 500
    expect(
      taxExclusive(10000n, [{ rate: rateUnits(0.0625), fraction: rateUnits(0.8), exemptAmount: 0n }]).taxAmount,
    ).toBe(500n);
    // Massachusetts clothing: 6.25% on (20000 − 17500) = 156.25 → 156
    const ma = { rate: rateUnits(0.0625), fraction: RATE_SCALE, exemptAmount: 17500n };
    expect(taxExclusive(20000n, [ma]).taxAmount).toBe(156n);
    expect(taxExclusive(15000n, [ma]).taxAmount).toBe(0n);
    // inclusive: 20156 gross → net 20000 (tax 156), and a gross under the exempt part is untaxed
    expect(taxInclusive(20156n, [ma]).taxAmount).toBe(156n);
    expect(taxInclusive(15000n, [ma]).taxAmount).toBe(0n);
  });

  it("allocates by largest remainder with ties to the first", () => {
    expect(allocate(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(allocate(0n, [1n, 2n])).toEqual([0n, 0n]);
    expect(allocate(5n, [0n, 0n])).toEqual([0n, 0n]);
  });

  it("reads rates as the decimals the data wrote, never through a float product", () => {
    expect(rateUnits(0.0625)).toBe(625_000n);
    expect(rateUnits(0.00375)).toBe(37_500n);
    expect(rateUnits(1e-7)).toBe(1n);
    expect(rateUnits(0.0000015)).toBe(15n);
    expect(rateUnits(0)).toBe(0n);
    expect(rateUnits(0.255)).toBe(2_550_000n);
    // 0.1 + 0.2 is 0.30000000000000004 as a float: more than 7 decimals, refused
    expect(exactRateUnits(0.1 + 0.2)).toBeNull();
    expect(exactRateUnits(0.12345678)).toBeNull();
    expect(() => rateUnits(0.12345678)).toThrow(RangeError);
  });
});

describe("a fixed base (a per-unit cap the price exceeds)", () => {
  const state = { rate: rateUnits(0.06), fraction: RATE_SCALE, exemptAmount: 0n };
  // Florida: 6 % on $6,000.00, a 1 % surtax on the first $5,000.00 only.
  const surtax = fixedBase(rateUnits(0.01), 500_000n);

  it("taxes the base, not the price, on a tax-exclusive line", () => {
    expect(taxExclusive(600_000n, [state, surtax])).toEqual({
      amountExcludingTax: 600_000n,
      amountIncludingTax: 641_000n,
      taxAmount: 41_000n,
      shares: [36_000n, 5_000n],
    });
  });

  it("backs the same tax out of the tax-inclusive price", () => {
    expect(taxInclusive(641_000n, [state, surtax])).toEqual({
      amountExcludingTax: 600_000n,
      amountIncludingTax: 641_000n,
      taxAmount: 41_000n,
      shares: [36_000n, 5_000n],
    });
  });
});
