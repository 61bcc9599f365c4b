// A sliding-window rate limiter kept in one gateway replica's memory (the REST API's
// limit): no store write per request, so the limit costs no database CPU on the request
// path. Each replica enforces the budget on its own; docs/decisions.md says how a
// deployment divides it. Same arithmetic as the shared MCP counters (sliding-window.ts).
import { retryAfterSeconds, slidingCount, windowPosition } from "./sliding-window.js";

export interface RateDecision {
  readonly allowed: boolean;
  readonly remaining: number;
  /** Seconds until the current fixed window ends (allowed) or one more request fits (refused). */
  readonly resetSeconds: number;
}

interface Windows {
  start: number;
  previous: number;
  current: number;
}

/** Keys idle for two windows are dropped once this many are kept, so the map stays bounded without a timer. */
const sweepAbove = 10_000;

export function createLocalRateLimiter(limit: number, windowSeconds: number, clock: () => number = Date.now) {
  const byKey = new Map<string, Windows>();

  function sweep(start: number): void {
    for (const [key, windows] of byKey) if (windows.start < start - windowSeconds) byKey.delete(key);
  }

  return {
    consume(key: string): RateDecision {
      const position = windowPosition(clock(), windowSeconds);
      let windows = byKey.get(key);
      if (!windows) {
        if (byKey.size >= sweepAbove) sweep(position.start);
        windows = { start: position.start, previous: 0, current: 0 };
        byKey.set(key, windows);
      } else if (windows.start !== position.start) {
        const adjacent = windows.start === position.start - windowSeconds;
        windows.previous = adjacent ? windows.current : 0;
        windows.current = 0;
        windows.start = position.start;
      }
      const used = slidingCount(windows.previous, windows.current + 1, position.elapsed, windowSeconds);
      if (used <= limit) {
        windows.current += 1;
        return {
          allowed: true,
          remaining: Math.max(0, Math.floor(limit - used)),
          resetSeconds: Math.max(1, Math.ceil(windowSeconds - position.elapsed)),
        };
      }
      // Refused requests do not use up the budget.
      const wait = retryAfterSeconds(
        { previous: windows.previous, current: windows.current + 1 },
        limit,
        position,
        windowSeconds,
      );
      return { allowed: false, remaining: 0, resetSeconds: wait };
    },
  };
}

export type LocalRateLimiter = ReturnType<typeof createLocalRateLimiter>;
