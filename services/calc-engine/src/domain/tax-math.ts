// Exact tax arithmetic on integers. Rates travel as integers in units of 1e-7 (0.0625 →
// 625000); amounts are integer minor units. A line's tax is rounded half-up once, at the
// line, and then split between jurisdictions so that the shares add up exactly.
export const RATE_SCALE = 10_000_000n;
const SCALE_SQUARED = RATE_SCALE * RATE_SCALE;

/** 0.0625 → 625000n. Rates in the data have at most 7 decimals. */
export function rateUnits(rate: number): bigint {
  return BigInt(Math.round(rate * 1e7));
}

/** A jurisdiction's claim on a line: rate r on (fraction f of the price, less a fixed exempt part x). */
export interface TaxComponent {
  /** Rate in 1e-7 units. */
  readonly rate: bigint;
  /** Share of the price that is taxable, in 1e-7 units (RATE_SCALE = all of it). */
  readonly fraction: bigint;
  /** Minor units of the (net) price that are exempt before the fraction applies. */
  readonly exemptAmount: bigint;
}

export interface LineTax {
  readonly amountExcludingTax: number;
  readonly amountIncludingTax: number;
  readonly taxAmount: number;
  /** Each component's share of taxAmount, in the order given; they sum to taxAmount. */
  readonly shares: readonly number[];
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
export function taxExclusive(amount: number, components: readonly TaxComponent[]): LineTax {
  const net = BigInt(amount);
  const w = weights(components, net, 1n);
  const raw = w.reduce((a, b) => a + b, 0n);
  const tax = halfUp(raw, SCALE_SQUARED);
  const shares = allocate(tax, w);
  return {
    amountExcludingTax: amount,
    amountIncludingTax: amount + Number(tax),
    taxAmount: Number(tax),
    shares: shares.map(Number),
  };
}

/**
 * Tax backed out of a gross (tax-inclusive) amount A. With every component active the
 * net price P solves A = P + Σ r·(f·P − x), so P = (A + Σ r·x) / (1 + Σ r·f); components
 * whose exempt part swallows their base drop out and P is solved again.
 */
export function taxInclusive(amount: number, components: readonly TaxComponent[]): LineTax {
  const gross = BigInt(amount);
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
  const shares = allocate(tax, w);
  return {
    amountExcludingTax: amount - Number(tax),
    amountIncludingTax: amount,
    taxAmount: Number(tax),
    shares: shares.map(Number),
  };
}
