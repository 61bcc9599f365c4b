// Input pieces shared by the tools: page cursor and size, and date bounds. Dates are
// epoch seconds (as everywhere in the API) or ISO 8601 (a calendar day, UTC, or a
// date-time with offset); a day given as `to` includes the whole day.
import { cursorMaxLength, dateBound, identifierText, pageLimits } from "@levy/kit";
import { z } from "zod";

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

/** A day or an instant: epoch seconds, ISO 8601 date (UTC) or date-time with offset. */
export const dateBoundInput = dateBound;

export const fromInput = dateBound
  .optional()
  .describe("start, inclusive: epoch seconds or ISO 8601 date (YYYY-MM-DD, UTC) or date-time");
export const toInput = dateBound
  .optional()
  .describe("end, inclusive: epoch seconds or ISO 8601 date (the whole day, UTC) or date-time");

export const merchantIdInput = identifierText().describe(
  "merchant service ID (merch_...) or your reference_merchant_id",
);

// The tools' ranges are the kit's: `from` after `to` is invalid_range (mapped by tool-error.ts).
export { epochRange } from "@levy/kit";
