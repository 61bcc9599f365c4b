import type { ErrorCode } from "./error-codes.js";

/** Extra facts for the client (e.g. the conflicting customer for duplicate_customer). */
export type ErrorMeta = Readonly<Record<string, string>>;

/**
 * The one error type of Levy's services: a code from the closed list, a message a
 * developer can act on (naming the field, never echoing secrets), optional meta,
 * and the original error kept as `cause` for the logs only.
 */
export class LevyError extends Error {
  override readonly name = "LevyError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly meta?: ErrorMeta,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isLevyError(value: unknown): value is LevyError {
  return value instanceof LevyError;
}

/** `missing_field` with the error_meta the spec describes: field, expected, received. */
export function missingField(field: string, expected: string): LevyError {
  return new LevyError("missing_field", `${field} is required`, { field, expected, received: "undefined" });
}

/** A field that is present but wrong (type, format or range). */
export function invalidField(field: string, message: string, meta?: ErrorMeta): LevyError {
  return new LevyError("invalid_field", message, { field, ...meta });
}
