// Idempotency-Key on POST: the first request with a key runs and its answer (any status
// below 500) is kept; a retry with the same key and the same method, path and body gets
// that answer again (header Idempotent-Replayed: true); the same key with a different
// request is 409 idempotency_conflict; a retry while the first is still running is 409
// conflict (retry shortly). Keys are per account and mode. A 5xx answer is not kept, so
// the retry runs again. Mount after authenticate() and the JSON body parser.
import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { LevyError, type Logger, textLimits } from "@levy/kit";
import type { IdempotencyStore } from "../adapters/idempotency-store.js";
import { scopeOf } from "./request-state.js";

export const IDEMPOTENCY_HEADER = "idempotency-key";
const keyPattern = new RegExp(`^[\\x21-\\x7E]{1,${textLimits.identifier}}$`);

/** JSON with object keys sorted, so equal bodies hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method.toUpperCase()} ${path}\n${canonicalJson(body ?? null)}`, "utf8")
    .digest("hex");
}

export function idempotency(store: IdempotencyStore, logger?: Logger) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    if (request.method !== "POST") return next();
    const key = request.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!keyPattern.test(key)) {
      throw new LevyError(
        "invalid_field",
        `Idempotency-Key must be 1 to ${textLimits.identifier} printable ASCII characters`,
        {
          field: "Idempotency-Key",
        },
      );
    }
    const scope = scopeOf(response);
    const path = request.originalUrl.split("?")[0] ?? request.originalUrl;
    const begun = await store.begin(scope, key, requestHash(request.method, path, request.body));
    switch (begun.kind) {
      case "mismatch":
        throw new LevyError(
          "idempotency_conflict",
          "this Idempotency-Key was used with a different request; use a new key for a new request",
          {
            field: "Idempotency-Key",
          },
        );
      case "in_flight":
        throw new LevyError("conflict", "a request with this Idempotency-Key is still in progress; retry shortly", {
          field: "Idempotency-Key",
        });
      case "replay":
        response.setHeader("Idempotent-Replayed", "true");
        response.status(begun.status).type("application/json").send(begun.body);
        return;
      case "proceed":
        break;
    }
    // The answer is saved before it is sent, so a client retrying the moment it has
    // the answer finds it saved (not "in progress").
    let answered = false;
    const json = response.json.bind(response);
    response.json = (body: unknown) => {
      answered = true;
      const status = response.statusCode;
      const saved =
        status < 500
          ? store.complete(scope, key, begun.version, status, JSON.stringify(body))
          : store.abandon(scope, key);
      saved
        .catch((error: unknown) => logger?.warn({ err: error }, "could not save the idempotency record"))
        .finally(() => json(body));
      return response;
    };
    response.once("close", () => {
      if (!answered)
        store
          .abandon(scope, key)
          .catch((error: unknown) => logger?.warn({ err: error }, "could not drop the idempotency record"));
    });
    next();
  };
}
