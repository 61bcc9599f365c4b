// What the gateway learns about a request as it passes the middleware, kept in
// res.locals under one typed key.
import type { Request, Response } from "express";
import { LevyError } from "@levy/kit";
import type { VerifiedKey } from "../adapters/key-store.js";
import type { ApiVersion } from "../domain/api-versions.js";

export interface RequestState {
  auth?: VerifiedKey;
  /** The version that applies: the header, else the account's pin, else current. */
  apiVersion?: ApiVersion;
  /** The raw header value, when it named a known version. */
  headerVersion?: ApiVersion;
  /** The matched route template (e.g. /tax/customers/:customer_id), for metrics. */
  route?: string;
}

export function stateOf(response: Response): RequestState {
  const locals = response.locals as { levy?: RequestState };
  locals.levy ??= {};
  return locals.levy;
}

/** The authenticated caller; routes behind authenticate() can rely on it. */
export function authOf(response: Response): VerifiedKey {
  const auth = stateOf(response).auth;
  if (!auth) throw new LevyError("internal_error", "route reached without authentication");
  return auth;
}

export function scopeOf(response: Response): { accountId: string; livemode: boolean } {
  const auth = authOf(response);
  return { accountId: auth.accountId, livemode: auth.livemode };
}

/**
 * Wraps a route handler so the matched route template is known after the response
 * (express forgets it once the router is left).
 */
export function routeHandler(handler: (request: Request, response: Response) => Promise<void>) {
  return async (request: Request, response: Response): Promise<void> => {
    const template = (request.route as { path?: string } | undefined)?.path ?? "";
    stateOf(response).route = `${request.baseUrl}${template === "/" ? "" : template}`;
    await handler(request, response);
  };
}

/** A path parameter as a string (express types allow arrays for wildcard routes). */
export function pathParam(request: Request, name: string): string {
  const value = (request.params as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value.join("/") : (value ?? "");
}
