// Reads a request body as JSON, whatever its Content-Type (the API speaks only JSON).
// Mounted after authentication, so an anonymous caller's body is never parsed. The raw
// bytes are checked first: UTF-8 only, nested at most maxJsonNesting levels.
import express, { type RequestHandler } from "express";
import { LevyError, maxJsonNesting, nestsDeeperThan } from "@levy/kit";


/** Refuses the body before it is parsed; the error handler renders the LevyError. */
function checkRawBody(_request: unknown, _response: unknown, bytes: Buffer, encoding: string): void {
  if (encoding !== "utf-8") throw new LevyError("invalid_request", "the request body must be UTF-8 JSON");
  if (nestsDeeperThan(bytes, maxJsonNesting)) {
    throw new LevyError("invalid_request", `the request body nests arrays and objects more than ${maxJsonNesting} levels deep`);
  }
}

/** `limit` is the largest accepted body, e.g. "1mb" (over it: 413 payload_too_large). */
export function jsonBody(limit: string): RequestHandler {
  return express.json({ limit, strict: true, type: () => true, verify: checkRawBody });
}
