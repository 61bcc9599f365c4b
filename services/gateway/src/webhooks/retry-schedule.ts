// When a failed delivery is tried again: the base delay doubling per attempt, capped,
// with jitter that only lengthens it (0-25 %), so the default schedule (1 min doubling to
// a 6 h cap, 13 attempts) always spans more than 24 h, and receivers that failed
// together are not retried in lockstep.

export interface RetryPolicy {
  readonly baseMs: number;
  readonly capMs: number;
  readonly maxAttempts: number;
}

/** Milliseconds to wait after `attemptsMade` failed attempts; null when they are used up. */
export function retryDelayMs(policy: RetryPolicy, attemptsMade: number, random = Math.random): number | null {
  if (attemptsMade >= policy.maxAttempts) return null;
  const exponential = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attemptsMade - 1));
  return Math.round(exponential * (1 + 0.25 * random()));
}
