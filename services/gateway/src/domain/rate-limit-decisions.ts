// Deciding a run of one account's requests at once, in arrival order, exactly as if
// each had been counted and decided alone: an allowed request adds one to the current
// window's count, a refused one adds nothing. Pure arithmetic over sliding-window.ts.
import { type WindowPosition, retryAfterSeconds, slidingCount } from "./sliding-window.js";

export interface RateDecision {
  readonly allowed: boolean;
  readonly remaining: number;
  readonly retryAfterSeconds: number;
}

export interface DecidedRun {
  readonly decisions: RateDecision[];
  /** The current window's count after the allowed requests. */
  readonly count: number;
}

/** `limits`: each request's own limit, in arrival order; `count`: the current window's count before them. */
export function decideInTurn(
  limits: readonly number[],
  counts: { readonly previous: number; readonly count: number },
  position: WindowPosition,
  windowSeconds: number,
): DecidedRun {
  const { previous } = counts;
  let count = counts.count;
  const decisions = limits.map((limit): RateDecision => {
    const used = slidingCount(previous, count + 1, position.elapsed, windowSeconds);
    if (used <= limit) {
      count += 1;
      return { allowed: true, remaining: Math.max(0, Math.floor(limit - used)), retryAfterSeconds: 0 };
    }
    const retryAfter = retryAfterSeconds({ previous, current: count + 1 }, limit, position, windowSeconds);
    return { allowed: false, remaining: 0, retryAfterSeconds: retryAfter };
  });
  return { decisions, count };
}
