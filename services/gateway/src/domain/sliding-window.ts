// Sliding-window rate limiting approximated by two adjacent fixed windows: the count of
// the previous window is weighted by how much of it still lies inside the sliding
// window that ends now. Pure arithmetic; the counters live in the gateway's store.
export interface WindowPosition {
  /** Epoch seconds at which the current fixed window began. */
  readonly start: number;
  /** Seconds already elapsed in the current fixed window (fractional). */
  readonly elapsed: number;
}

export function windowPosition(nowMs: number, windowSeconds: number): WindowPosition {
  const nowSeconds = nowMs / 1000;
  const start = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
  return { start, elapsed: nowSeconds - start };
}

/** Requests in the sliding window: previous × (share of it still inside) + current. */
export function slidingCount(previous: number, current: number, elapsed: number, windowSeconds: number): number {
  return previous * (1 - elapsed / windowSeconds) + current;
}

export interface Counts {
  readonly previous: number;
  /** The current window's count including the request being decided. */
  readonly current: number;
}

/**
 * Seconds until one more request would fit, for a request that was refused: within the
 * current window while the previous window's weight fades, else in the next window,
 * where this window becomes the previous one (without the refused request).
 */
export function retryAfterSeconds(
  counts: Counts,
  limit: number,
  position: WindowPosition,
  windowSeconds: number,
): number {
  const { previous, current } = counts;
  const room = limit - current;
  if (room >= 0 && previous > 0) {
    const wait = windowSeconds * (1 - room / previous) - position.elapsed;
    return Math.max(1, Math.ceil(wait));
  }
  const toNextWindow = windowSeconds - position.elapsed;
  const carried = current - 1;
  const inNext = carried > 0 && limit > 1 ? Math.max(0, windowSeconds * (1 - (limit - 1) / carried)) : 0;
  return Math.max(1, Math.ceil(toNextWindow + inNext));
}
