// Input pieces shared by the tools: page cursor and size, and date bounds. Dates are
// epoch seconds (as everywhere in the API) or ISO 8601 (a calendar day, UTC, or a
// date-time with offset); a day given as `to` includes the whole day.
import { cursorMaxLength, identifierText, maxEpochSeconds, pageLimits } from "@levy/kit";
import { z } from "zod";
import { ToolError } from "./tool-error.js";

export const cursorInput = z
  .string()
  .min(1)
  .max(cursorMaxLength)
  .optional()
  .describe(
    "next_cursor of the previous page of this list, given with the same filters (else invalid_cursor); omit for the first page",
  );

/** As REST's ?limit (@levy/kit pageLimits), but a JSON number: tool arguments are typed. */
export const limitInput = z
  .number()
  .int()
  .min(pageLimits.min)
  .max(pageLimits.max)
  .default(pageLimits.default)
  .describe(`page size, ${pageLimits.min}-${pageLimits.max}`);

const dateBound = z.union([
  z.number().int().min(1).max(maxEpochSeconds),
  z.iso.date(),
  z.iso.datetime({ offset: true }),
]);

export const fromInput = dateBound
  .optional()
  .describe("start, inclusive: epoch seconds or ISO 8601 date (YYYY-MM-DD, UTC) or date-time");
export const toInput = dateBound
  .optional()
  .describe("end, inclusive: epoch seconds or ISO 8601 date (the whole day, UTC) or date-time");

export const merchantIdInput = identifierText().describe(
  "merchant service ID (merch_...) or your reference_merchant_id",
);

type DateBound = z.output<typeof dateBound>;

function toEpoch(value: DateBound, end: boolean): number {
  if (typeof value === "number") return value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T00:00:00Z`) / 1000 + (end ? 86_399 : 0);
  return Math.floor(Date.parse(value) / 1000);
}

export interface EpochRange {
  /** 0n when unbounded, as the ledger's RPCs expect. */
  readonly from: bigint;
  readonly to: bigint;
}

/** Both bounds in epoch seconds; `from` after `to` is invalid_range. */
export function epochRange(from: DateBound | undefined, to: DateBound | undefined): EpochRange {
  const start = from === undefined ? undefined : toEpoch(from, false);
  const end = to === undefined ? undefined : toEpoch(to, true);
  if (start !== undefined && end !== undefined && start > end) throw new ToolError("invalid_range", "from is after to");
  return { from: BigInt(start ?? 0), to: BigInt(Math.max(end ?? 0, 0)) };
}
