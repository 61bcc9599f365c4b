// The two public error shapes (spec: Errors, Versioning): nested {error: {error_code,
// error_message, error_meta?}} always, plus flat {code, type, message} from 2026-01-01.
import { z } from "zod";

const errorDetail = z.object({
  error_code: z.string().describe("the error code, e.g. missing_field"),
  error_message: z.string(),
  error_meta: z
    .record(z.string(), z.string().nullable())
    .optional()
    .describe("details, e.g. field/expected/received for missing_field"),
});

/** X-API-Version before 2026-01-01. */
export const nestedErrorSchema = z.object({ error: errorDetail }).describe("error, X-API-Version before 2026-01-01");

/** X-API-Version 2026-01-01 and later: the flat fields with the nested object kept beside them. */
export const flatErrorSchema = z
  .object({
    code: z.number().int().describe("the HTTP status"),
    type: z.string().describe("the error code in upper case, for programmatic handling"),
    message: z.string(),
    error: errorDetail,
  })
  .describe("error, X-API-Version 2026-01-01 and later");

export type NestedError = z.infer<typeof nestedErrorSchema>;
export type FlatError = z.infer<typeof flatErrorSchema>;
