// What units of a line are worth, so a refund by quantity refunds exactly those units.
//
// A line priced B (pricing basis) for Q units: unit k (1-based) is worth
// round(B·k/Q) − round(B·(k−1)/Q), half-up. Every unit is within one minor unit of B/Q and
// the Q units add up to B exactly (a remainder is spread over the units, never piled on
// one). Units are taken in order. The units still on the line are worth B minus what the
// units already taken were worth (`refunded.units_value`), so taking the last of them
// takes exactly that, whatever order earlier refunds were reversed in.
import { lineBase, type LineRecord } from "./transaction.js";

/** round-half-up(B·k/Q): what the first k units of the line are worth together. */
function firstUnitsValue(base: number, units: number, quantity: number): number {
  if (quantity <= 0) return 0;
  return Number((BigInt(base) * BigInt(units) * 2n + BigInt(quantity)) / (2n * BigInt(quantity)));
}

/**
 * What the units already refunded were worth. Lines written before this figure was kept
 * lack it: their taken units count as the first ones.
 */
export function unitsValueTaken(line: LineRecord, taxIncluded: boolean): number {
  return (
    line.refunded.units_value ?? firstUnitsValue(lineBase(line, taxIncluded), line.refunded.quantity, line.quantity)
  );
}

/** What the units not yet refunded are worth together. */
export function unitsValueLeft(line: LineRecord, taxIncluded: boolean): number {
  return lineBase(line, taxIncluded) - unitsValueTaken(line, taxIncluded);
}

/** What the next `count` units of the line are worth (the rest, when they are the last). */
export function nextUnitsValue(line: LineRecord, taxIncluded: boolean, count: number): number {
  if (count <= 0) return 0;
  const left = unitsValueLeft(line, taxIncluded);
  const taken = line.refunded.quantity;
  if (taken + count >= line.quantity) return left;
  const base = lineBase(line, taxIncluded);
  const value = firstUnitsValue(base, taken + count, line.quantity) - firstUnitsValue(base, taken, line.quantity);
  // Reversals out of order can leave `left` a minor unit off the positional value.
  return Math.max(0, Math.min(value, left));
}

/** What a refund line's units were worth; refunds recorded before it was kept: their amount. */
export function refundUnitsValue(refund: { base: number; quantity: number; units_value?: number | undefined }): number {
  return refund.units_value ?? (refund.quantity > 0 ? refund.base : 0);
}
