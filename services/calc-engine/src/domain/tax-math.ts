// Exact tax arithmetic on integers, in and out: amounts are bigint minor units and rates
// integers in units of 1e-7 (0.0625 → 625000), so no figure ever passes through a float.
// A line's tax is rounded half-up once, at the line, and then split between
// jurisdictions so that the shares add up exactly.
export const RATE_SCALE = 10_000_000n;
const RATE_DECIMALS = 7;
const SCALE_SQUARED = RATE_SCALE * RATE_SCALE;

/**
 * The decimal the data wrote, in 1e-7 units: 0.0625 → 625000n, 1e-7 → 1n. Read from the
 * number's shortest decimal form, not by multiplying floats; null when the number is
 * not a decimal with at most 7 decimals (the rate data refuses those at start-up).
 */
export function exactRateUnits(rate: number): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(rate));
  if (!match) return null;
  const [, whole, fraction = "", exponent = "0"] = match;
  const decimals = fraction.length - Number(exponent);
  if (decimals > RATE_DECIMALS) return null;
  return BigInt(`${whole}${fraction}`) * 10n ** BigInt(RATE_DECIMALS - decimals);
}

// Every line reads its jurisdictions' rates; the data holds few distinct ones.
const unitsByRate = new Map<number, bigint>();

/** 0.0625 → 625000n; throws on a rate with more than 7 decimals. */
export function rateUnits(rate: number): bigint {
  const known = unitsByRate.get(rate);
  if (known !== undefined) return known;
  const units = exactRateUnits(rate);
  if (units === null) throw new RangeError(`rate ${rate} is not a fraction with at most ${RATE_DECIMALS} decimals`);
  if (unitsByRate.size < 100_000) unitsByRate.set(rate, units);
  return units;
}

/** 625000n → 0.0625 (for display: the nearest number to the exact decimal). */
export function rateFromUnits(units: bigint): number {
  return Number(units) / Number(RATE_SCALE);
}

/** A jurisdiction's claim on a line: rate r on (fraction f of the price, less a fixed exempt part x). */
export interface TaxComponent {
  /** Rate in 1e-7 units. */
  readonly rate: bigint;
  /** Share of the price that is taxable, in 1e-7 units (RATE_SCALE = all of it). */
  readonly fraction: bigint;
  /** Minor units of the (net) price that are exempt before the fraction applies (negative: see fixedBase). */
  readonly exemptAmount: bigint;
}

/**
 * A component taxing a fixed base of `base` minor units whatever the price (a per-unit
 * cap that the price exceeds): no share of the price and an exempt part of −base, so
 * r·(0·P − (−base)) = r·base in both the tax-exclusive and tax-inclusive formulas.
 */
export function fixedBase(rate: bigint, base: bigint): TaxComponent {
  return { rate, fraction: 0n, exemptAmount: -base };
}

/** A line's figures in minor units. */
export interface LineTax {
  readonly amountExcludingTax: bigint;
  readonly amountIncludingTax: bigint;
  readonly taxAmount: bigint;
  /** Each component's share of taxAmount, in the order given; they sum to taxAmount. */
  readonly shares: readonly bigint[];
}

function halfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/**
 * Weights proportional to each component's tax on a net price of priceNum/priceDen,
 * in units of 1e-14 · priceDen. Components whose exempt part exceeds their base weigh 0.
 */
function weights(components: readonly TaxComponent[], priceNum: bigint, priceDen: bigint): bigint[] {
  return components.map((c) => {
    const base = c.fraction * priceNum - c.exemptAmount * RATE_SCALE * priceDen;
    return base > 0n ? c.rate * base : 0n;
  });
}

/** Splits total into parts proportional to weights; largest remainders get the leftovers. */
export function allocate(total: bigint, weightList: readonly bigint[]): bigint[] {
  const sum = weightList.reduce((a, b) => a + b, 0n);
  if (sum === 0n || total === 0n) return weightList.map(() => 0n);
  const parts = weightList.map((w) => (total * w) / sum);
  let left = total - parts.reduce((a, b) => a + b, 0n);
  const order = weightList
    .map((w, index) => ({ index, remainder: (total * w) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    parts[index] = parts[index]! + 1n;
    left -= 1n;
  }
  return parts;
}

/** Tax on a net (tax-exclusive) amount. */
export function taxExclusive(net: bigint, components: readonly TaxComponent[]): LineTax {
  const w = weights(components, net, 1n);
  const raw = w.reduce((a, b) => a + b, 0n);
  const tax = halfUp(raw, SCALE_SQUARED);
  return { amountExcludingTax: net, amountIncludingTax: net + tax, taxAmount: tax, shares: allocate(tax, w) };
}

/**
 * Tax backed out of a gross (tax-inclusive) amount A. With every component active the
 * net price P solves A = P + Σ r·(f·P − x), so P = (A + Σ r·x) / (1 + Σ r·f); components
 * whose exempt part swallows their base drop out and P is solved again.
 */
export function taxInclusive(gross: bigint, components: readonly TaxComponent[]): LineTax {
  let active = components.map(() => true);
  let priceNum = 0n;
  let priceDen = 1n;
  for (let attempt = 0; attempt <= components.length; attempt += 1) {
    let sumRf = 0n;
    let sumRx = 0n;
    components.forEach((c, i) => {
      if (!active[i]) return;
      sumRf += c.rate * c.fraction;
      sumRx += c.rate * c.exemptAmount;
    });
    // P = (A·S² + S·Σ r·x) / (S² + Σ r·f)
    priceNum = gross * SCALE_SQUARED + RATE_SCALE * sumRx;
    priceDen = SCALE_SQUARED + sumRf;
    const next = components.map((c, i) => active[i]! && c.fraction * priceNum > c.exemptAmount * RATE_SCALE * priceDen);
    if (next.every((value, i) => value === active[i])) break;
    active = next;
  }
  const w = weights(components, priceNum, priceDen).map((weight, i) => (active[i] ? weight : 0n));
  const taxNumerator = gross * priceDen - priceNum; // (A − P)·priceDen
  const tax = taxNumerator > 0n ? halfUp(taxNumerator, priceDen) : 0n;
  return { amountExcludingTax: gross - tax, amountIncludingTax: gross, taxAmount: tax, shares: allocate(tax, w) };
}
