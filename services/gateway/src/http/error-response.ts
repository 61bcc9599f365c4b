// Renders a LevyError in the public shapes: nested {error: {error_code, error_message,
// error_meta?}} always, plus flat {code, type, message} from version 2026-01-01, so
// clients written against either shape work.
import type { Response } from "express";
import type { LevyError } from "@levy/kit";
import type { FlatError, NestedError } from "@levy/presenters";
import { type ApiVersion, usesFlatErrors } from "../domain/api-versions.js";
import { httpStatusByCode } from "./http-status.js";

/** Meta keys that steer the HTTP response and are not shown in error_meta. */
const RETRY_AFTER_META = "retry_after_seconds";

/** The shapes are @levy/presenters' nestedErrorSchema and flatErrorSchema (the OpenAPI document shows both). */
export function errorBody(error: LevyError, version: ApiVersion): { status: number; body: NestedError | FlatError } {
  const status = httpStatusByCode[error.code];
  const { [RETRY_AFTER_META]: _retryAfter, ...meta } = error.meta ?? {};
  // Meta values travel as strings; "" is a value the record does not have, shown as null
  // as the record itself shows it (e.g. duplicate_customer's email).
  const shownMeta = Object.fromEntries(Object.entries(meta).map(([key, value]) => [key, value === "" ? null : value]));
  const nested: NestedError["error"] = {
    error_code: error.code,
    error_message: error.message,
    ...(Object.keys(shownMeta).length > 0 ? { error_meta: shownMeta } : {}),
  };
  const body = usesFlatErrors(version)
    ? { code: status, type: error.code.toUpperCase(), message: error.message, error: nested }
    : { error: nested };
  return { status, body };
}

export function sendError(response: Response, error: LevyError, version: ApiVersion): void {
  const { status, body } = errorBody(error, version);
  const retryAfter = error.meta?.[RETRY_AFTER_META];
  if (retryAfter) response.setHeader("Retry-After", retryAfter);
  response.status(status).json(body);
}

export { RETRY_AFTER_META };
