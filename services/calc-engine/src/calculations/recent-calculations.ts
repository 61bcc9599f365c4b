// The calculations this replica stored in the last few minutes, kept in memory for the
// ledger's read when a transaction is recorded from one (checkouts record within minutes
// of calculating). A stored calculation is written once and never changed, so a copy
// cannot go stale. Its record is purged days after it expires (CALCULATION_TTL_DAYS is at
// least 1), far beyond `maxAgeMs`; this replica's own purge drops its copies as well.
// Another replica's calculations, and older ones, are read from the store.
import type { Calculation } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";

export interface RecentCalculationsOptions {
  /** How many are kept; the oldest go first (about 4 KB each). */
  readonly capacity: number;
  readonly maxAgeMs: number;
  readonly now?: () => number;
}

export interface RecentCalculations {
  remember(key: string, calculation: Calculation): void;
  recall(key: string): Calculation | undefined;
  /** Drops the copies of calculations that expired before `before` (epoch seconds), as the purge does. */
  dropExpiredBefore(before: number): void;
}

export function createRecentCalculations(options: RecentCalculationsOptions): RecentCalculations {
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: its first entry is the oldest.
  const kept = new Map<string, { readonly calculation: Calculation; readonly storedAt: number }>();
  return {
    remember(key, calculation) {
      kept.delete(key);
      kept.set(key, { calculation, storedAt: now() });
      if (kept.size > options.capacity) kept.delete(kept.keys().next().value!);
    },
    recall(key) {
      const entry = kept.get(key);
      if (!entry) return undefined;
      if (now() - entry.storedAt > options.maxAgeMs) {
        kept.delete(key);
        return undefined;
      }
      return entry.calculation;
    },
    dropExpiredBefore(before) {
      for (const [key, { calculation }] of kept) if (Number(calculation.expiresAt) < before) kept.delete(key);
    },
  };
}
