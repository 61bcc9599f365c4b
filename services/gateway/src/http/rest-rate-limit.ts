// The REST API's rate limit per account and mode (metered apart from the MCP limit), with
// the IETF RateLimit-Policy / RateLimit fields (draft-ietf-httpapi-ratelimit-headers-10,
// policy "rest": q = requests per window, w = window seconds; r = remaining, t = seconds
// until the window resets) on every answer and Retry-After on a 429.
import type { NextFunction, Request, Response } from "express";
import { LevyError } from "@levy/kit";
import type { LocalRateLimiter } from "../domain/local-rate-limiter.js";
import { RETRY_AFTER_META } from "./error-response.js";
import { authOf } from "./request-state.js";

export interface RestRateLimit {
  readonly limit: number;
  readonly windowSeconds: number;
  readonly limiter: LocalRateLimiter;
}

export function restRateLimit(options: RestRateLimit) {
  const policy = `"rest";q=${options.limit};w=${options.windowSeconds}`;
  return (_request: Request, response: Response, next: NextFunction) => {
    const auth = authOf(response);
    const decision = options.limiter.consume(`${auth.accountId}:${auth.livemode ? "live" : "test"}`);
    response.setHeader("RateLimit-Policy", policy);
    response.setHeader("RateLimit", `"rest";r=${decision.remaining};t=${decision.resetSeconds}`);
    if (decision.allowed) return next();
    const wait = decision.resetSeconds === 1 ? "1 second" : `${decision.resetSeconds} seconds`;
    next(
      new LevyError(
        "rate_limited",
        `rate limit of ${options.limit} requests per ${options.windowSeconds} s exceeded for this account and mode; retry after ${wait}`,
        { [RETRY_AFTER_META]: String(decision.resetSeconds) },
      ),
    );
  };
}
