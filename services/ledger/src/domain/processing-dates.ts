// The dates that put a sale or a refund into a filing period (transaction_processed_at,
// refund_processed_at). A filing is only as right as these dates, so the ledger accepts
// whole epoch seconds from 2000-01-01 (the earliest day calc-engine prices a calculation
// for) to one day after now (room for the caller's clock, not for dating sales ahead),
// and never a refund before its sale. Absent means now; an explicit 0 is not "now".
import { invalidField } from "@levy/kit";

export const processingWindow = {
  earliest: Date.UTC(2000, 0, 1) / 1000,
  aheadSeconds: 24 * 3600,
} as const;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace(".000Z", "Z");

/** The date to record for `field`: the given epoch seconds if inside the window, `now` when absent. */
export function processingDate(field: string, value: number | undefined, now: number): number {
  if (value === undefined) return now;
  const latest = now + processingWindow.aheadSeconds;
  if (!Number.isSafeInteger(value) || value < processingWindow.earliest || value > latest) {
    throw invalidField(
      field,
      `${field} must be whole epoch seconds from ${processingWindow.earliest} (${iso(processingWindow.earliest)}) to ${latest} (one day from now); got ${value}`,
    );
  }
  return value;
}

/** A refund's date: as processingDate, and never before the sale it refunds. */
export function refundDate(
  value: number | undefined,
  sale: { id: string; transaction_processed_at: number },
  now: number,
): number {
  const date = processingDate("refund_processed_at", value, now);
  if (date < sale.transaction_processed_at) {
    throw invalidField(
      "refund_processed_at",
      `refund_processed_at ${date}${value === undefined ? " (now)" : ""} is before transaction ${sale.id} was processed (transaction_processed_at ${sale.transaction_processed_at}); a refund cannot precede its sale`,
    );
  }
  return date;
}
