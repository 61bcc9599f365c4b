// Bearer API keys on /tax/*: each key resolves to exactly one account and one mode.
// The key store caches verified keys and drops a revoked one before the revocation is
// answered, so a revoked key fails on the next request (cached-key-store.ts).
import type { NextFunction, Request, Response } from "express";
import { LevyError } from "@levy/kit";
import type { KeyStore } from "../adapters/key-store.js";
import { stateOf } from "./request-state.js";

export interface AuthenticateOptions {
  /** Publishable keys are refused unless the route allows them. */
  readonly allowPublishable: boolean;
}

/**
 * The Bearer token, "" when the header is not `Bearer <token>`, null without one. Two
 * Authorization headers are refused: Node keeps only the first, and a proxy or a
 * second reader may take the other, so the caller would be ambiguous.
 */
export function bearerToken(request: Request): string | null {
  const headers = request.headersDistinct.authorization ?? [];
  if (headers.length > 1) {
    throw new LevyError("invalid_request", `send one Authorization header, not ${headers.length}`, {
      field: "Authorization",
    });
  }
  const header = headers[0];
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? "";
}

export function authenticate(keyStore: KeyStore, options: AuthenticateOptions) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const token = bearerToken(request);
    if (token === null) {
      throw new LevyError("missing_api_key", "no API key provided: send Authorization: Bearer <secret key>");
    }
    if (token === "") {
      throw new LevyError("invalid_api_key_format", "the Authorization header must be 'Bearer <secret key>'");
    }
    const verified = await keyStore.verify(token);
    if (verified.kind === "publishable" && !options.allowPublishable) {
      throw new LevyError(
        "secret_key_required",
        "this endpoint needs a secret key (sk_test_ or sk_prod_), not a publishable key",
      );
    }
    const state = stateOf(response);
    state.auth = verified;
    state.apiVersion = state.headerVersion ?? verified.pinnedApiVersion;
    next();
  };
}
