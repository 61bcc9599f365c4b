// Date bounds of the read APIs (REST query parameters and MCP tool arguments): epoch
// seconds, an ISO 8601 calendar day (UTC) or a date-time with offset. A day given as the
// end of a range includes the whole day; both ends are inclusive.
import { z } from "zod";
import { LevyError } from "./levy-error.js";
import { maxEpochSeconds } from "./limits.js";

export const dateBound = z.union([
  z.number().int().min(1).max(maxEpochSeconds),
  z.iso.date(),
  z.iso.datetime({ offset: true }),
]);
export type DateBound = z.output<typeof dateBound>;

/** The same bound read from a query string, where epoch seconds arrive as digits. */
export const queryDateBound = z.preprocess(
  (value) => (typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : value),
  dateBound,
);

export function boundToEpoch(value: DateBound, end: boolean): number {
  if (typeof value === "number") return value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T00:00:00Z`) / 1000 + (end ? 86_399 : 0);
  return Math.floor(Date.parse(value) / 1000);
}

export interface EpochRange {
  /** 0n when unbounded, as the ledger's RPCs expect. */
  readonly from: bigint;
  readonly to: bigint;
}

/** Both bounds in epoch seconds; `from` after `to` is invalid_range naming `from`. */
export function epochRange(from: DateBound | undefined, to: DateBound | undefined): EpochRange {
  const start = from === undefined ? undefined : boundToEpoch(from, false);
  const end = to === undefined ? undefined : boundToEpoch(to, true);
  if (start !== undefined && end !== undefined && start > end)
    throw new LevyError("invalid_range", "from is after to", { field: "from" });
  return { from: BigInt(start ?? 0), to: BigInt(Math.max(end ?? 0, 0)) };
}
