// How much a refund takes back from each line and each jurisdiction.
//
// A line's refund is measured in its pricing basis (the amount including tax when the
// calculation was tax-inclusive, else excluding tax). The tax refunded is the line's tax
// in proportion (rounded half-up), never more than what is left; it is split over the
// jurisdictions in proportion to what each still holds, by largest remainder, so the
// shares add up to the line's refunded tax exactly. A refund that takes the rest of a
// line takes exactly the rest of every figure, so full refunds (or a series of partial
// ones ending in the full amount) give back precisely what was collected.
//
// A refund refunds exactly what it names or is refused (refund_exceeds_remaining, saying
// what amount and how many units remain): `quantity` alone refunds what those units are
// worth (unit-value.ts); `amount` with `quantity` may be less than the units are worth,
// never more; `amount` alone takes no units unless it takes the rest of the line.
import { invalidField, missingField, type ErrorMeta } from "@levy/kit";
import { errors } from "./errors.js";
import { lineBase, type LineRecord, type RefundLineRecord, type TransactionRecord } from "./transaction.js";
import { nextUnitsValue, refundUnitsValue, unitsValueLeft, unitsValueTaken } from "./unit-value.js";

export interface RefundLineRequest {
  readonly reference_line_item_id: string;
  readonly amount?: number | undefined;
  readonly quantity?: number | undefined;
}

export interface RefundRequest {
  readonly refund_type: string;
  readonly line_items: readonly RefundLineRequest[];
}

/** round-half-up(value * numerator / denominator) for non-negative integers. */
export function proportion(value: number, numerator: number, denominator: number): number {
  if (denominator <= 0) return 0;
  const v = BigInt(value) * BigInt(numerator) * 2n + BigInt(denominator);
  return Number(v / (2n * BigInt(denominator)));
}

/** Splits `total` over `weights` in proportion, by largest remainder (ties: first wins). */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const t = BigInt(total);
  const w = BigInt(sum);
  const shares = weights.map((weight) => Number((t * BigInt(weight)) / w));
  const remainders = weights.map((weight, index) => ({ index, rest: (t * BigInt(weight)) % w }));
  let left = total - shares.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

interface Remaining {
  base: number;
  excl: number;
  tax: number;
  quantity: number;
  jurisdictionTax: number[];
  unitsValue: number;
}

export function remainingOf(line: LineRecord, taxIncluded: boolean): Remaining {
  return {
    base: lineBase(line, taxIncluded) - line.refunded.base,
    excl: line.amount_excluding_tax - line.refunded.excl,
    tax: line.tax_amount - line.refunded.tax,
    quantity: line.quantity - line.refunded.quantity,
    jurisdictionTax: line.jurisdictions.map(
      (j, index) => j.tax_due_decimal - (line.refunded.jurisdiction_tax[index] ?? 0),
    ),
    unitsValue: unitsValueLeft(line, taxIncluded),
  };
}

function takeRest(line: LineRecord, rest: Remaining): RefundLineRecord {
  return {
    line_item_id: line.line_item_id,
    base: rest.base,
    excl: rest.excl,
    tax: rest.tax,
    quantity: rest.quantity,
    jurisdiction_tax: rest.jurisdictionTax,
    units_value: rest.unitsValue,
  };
}

/** The refund of `amount` (pricing basis) and `quantity` from one line (both already checked). */
export function refundLine(line: LineRecord, taxIncluded: boolean, amount: number, quantity: number): RefundLineRecord {
  const rest = remainingOf(line, taxIncluded);
  if (amount === rest.base) {
    // The rest of the line: with no quantity named, the units left go with it.
    const units = quantity > 0 ? quantity : rest.quantity;
    return { ...takeRest(line, rest), quantity: units, units_value: nextUnitsValue(line, taxIncluded, units) };
  }
  const base = lineBase(line, taxIncluded);
  const tax = Math.min(proportion(line.tax_amount, amount, base), rest.tax);
  const excl = Math.min(taxIncluded ? amount - tax : amount, rest.excl);
  return {
    line_item_id: line.line_item_id,
    base: amount,
    excl,
    tax,
    quantity,
    jurisdiction_tax: largestRemainder(
      tax,
      rest.jurisdictionTax.map((value) => Math.max(0, value)),
    ),
    units_value: nextUnitsValue(line, taxIncluded, quantity),
  };
}

function findLine(transaction: TransactionRecord, reference: string): LineRecord | undefined {
  return (
    transaction.lines.find((line) => line.reference_line_item_id !== "" && line.reference_line_item_id === reference) ??
    transaction.lines.find((line) => line.line_item_id === reference)
  );
}

/** One line of a partial refund: exactly what it names, or refused saying what remains. */
function planLine(
  line: LineRecord,
  item: RefundLineRequest,
  { field, taxIncluded }: { field: string; taxIncluded: boolean },
): RefundLineRecord {
  if (item.amount === undefined && item.quantity === undefined) throw missingField(`${field}.amount`, "integer");
  const rest = remainingOf(line, taxIncluded);
  const name = item.reference_line_item_id.slice(0, 100);
  const refused = (subject: "amount" | "quantity", problem: string, meta: ErrorMeta = {}) =>
    errors.overRefund(
      `${field}.${subject} ${problem}; ${rest.base} and ${rest.quantity} unit(s) remain on line ${name}`,
      {
        field: `${field}.${subject}`,
        remaining: String(subject === "amount" ? rest.base : rest.quantity),
        remaining_amount: String(rest.base),
        remaining_quantity: String(rest.quantity),
        ...meta,
      },
    );
  const quantity = item.quantity ?? 0;
  if (quantity > rest.quantity) throw refused("quantity", `${quantity} exceeds the units not yet refunded`);
  const unitsValue = nextUnitsValue(line, taxIncluded, quantity);
  if (item.amount !== undefined && item.quantity !== undefined && item.amount > unitsValue) {
    throw refused("amount", `${item.amount} exceeds the ${unitsValue} that ${quantity} unit(s) are worth`, {
      units_amount: String(unitsValue),
    });
  }
  const amount = item.amount ?? unitsValue;
  if (amount > rest.base) {
    throw item.amount === undefined
      ? refused("quantity", `${quantity}: the unit(s) are worth ${amount}, more than remains`, {
          units_amount: String(amount),
        })
      : refused("amount", `${amount} exceeds what remains`);
  }
  if (amount <= 0) throw invalidField(`${field}.amount`, `nothing to refund: the amount is ${amount}`);
  return refundLine(line, taxIncluded, amount, quantity);
}

/** Plans a refund against the transaction's current state, or throws a 4xx LevyError. */
export function planRefund(transaction: TransactionRecord, request: RefundRequest): RefundLineRecord[] {
  const taxIncluded = transaction.tax_included_in_amount;
  if (request.refund_type === "full") {
    if (request.line_items.length > 0)
      throw invalidField("line_items", "a full refund takes no line_items; use type partial to refund some lines");
    const lines = transaction.lines
      .map((line) => ({ line, rest: remainingOf(line, taxIncluded) }))
      .filter(({ rest }) => rest.base > 0 || rest.tax > 0 || rest.quantity > 0)
      .map(({ line, rest }) => takeRest(line, rest));
    if (lines.length === 0) {
      throw errors.overRefund(`transaction ${transaction.id} is already fully refunded`, {
        field: "transaction_id",
        remaining: "0",
        remaining_amount: "0",
        remaining_quantity: "0",
      });
    }
    return lines;
  }
  if (request.refund_type !== "partial") throw invalidField("type", 'type must be "full" or "partial"');
  if (request.line_items.length === 0) throw missingField("line_items", "array");
  const seen = new Set<string>();
  return request.line_items.map((item, index) => {
    const field = `line_items[${index}]`;
    const line = findLine(transaction, item.reference_line_item_id);
    if (!line) {
      throw invalidField(
        `${field}.reference_line_item_id`,
        `transaction ${transaction.id} has no line ${item.reference_line_item_id.slice(0, 100)}`,
      );
    }
    if (seen.has(line.line_item_id))
      throw invalidField(
        `${field}.reference_line_item_id`,
        `line ${item.reference_line_item_id.slice(0, 100)} is named twice`,
      );
    seen.add(line.line_item_id);
    return planLine(line, item, { field, taxIncluded });
  });
}

/** Applies (sign 1) or undoes (sign -1, a reversal) refund lines on the transaction's lines. */
export function applyRefundLines(
  transaction: Pick<TransactionRecord, "lines" | "tax_included_in_amount">,
  refundLines: readonly RefundLineRecord[],
  sign: 1 | -1,
): LineRecord[] {
  return transaction.lines.map((line) => {
    const refund = refundLines.find((candidate) => candidate.line_item_id === line.line_item_id);
    if (!refund) return line;
    return {
      ...line,
      refunded: {
        base: line.refunded.base + sign * refund.base,
        excl: line.refunded.excl + sign * refund.excl,
        tax: line.refunded.tax + sign * refund.tax,
        quantity: line.refunded.quantity + sign * refund.quantity,
        jurisdiction_tax: line.refunded.jurisdiction_tax.map(
          (value, index) => value + sign * (refund.jurisdiction_tax[index] ?? 0),
        ),
        units_value: unitsValueTaken(line, transaction.tax_included_in_amount) + sign * refundUnitsValue(refund),
      },
    };
  });
}
