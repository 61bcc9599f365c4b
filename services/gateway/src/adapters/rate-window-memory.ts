// What one gateway process remembers of each rate-limit counter between requests: the
// current window's record as last written or read (its count and version), and the
// previous window's count once that window is closed. Only a hint for the next write:
// a stale record makes that write a conflict, never a wrong count. Counters of accounts
// that went quiet are dropped once the map grows large.
import type { Stored } from "@levy/storage";

export interface WindowRecord {
  id: string;
  bucket: string;
  window_seconds: number;
  window_start: number;
  count: number;
}

interface Remembered {
  start: number;
  record?: Stored<WindowRecord>;
  previous?: { readonly start: number; readonly count: number };
}

/** Above this many counters, those whose windows are all over are dropped. */
const PRUNE_ABOVE = 10_000;

export function createRateWindowMemory() {
  const counters = new Map<string, Remembered>();

  function entry(key: string, start: number): Remembered {
    let found = counters.get(key);
    if (!found) {
      if (counters.size >= PRUNE_ABOVE) prune(start);
      found = { start };
      counters.set(key, found);
    }
    return found;
  }

  /** Drops counters last used two windows or more before `start` (any window length). */
  function prune(start: number): void {
    for (const [key, remembered] of counters) {
      const length = remembered.record?.window_seconds ?? 0;
      if (remembered.start + 2 * length <= start) counters.delete(key);
    }
  }

  return {
    current(key: string, start: number): Stored<WindowRecord> | undefined {
      const found = counters.get(key);
      return found?.start === start ? found.record : undefined;
    },
    remember(key: string, start: number, record: Stored<WindowRecord>): void {
      const found = entry(key, start);
      found.start = start;
      found.record = record;
    },
    previous(key: string, start: number): number | undefined {
      const found = counters.get(key)?.previous;
      return found?.start === start ? found.count : undefined;
    },
    rememberPrevious(key: string, start: number, count: number): void {
      entry(key, start).previous = { start, count };
    },
    /** After a conflict or a failure: the next request reads the record again. */
    forget(key: string): void {
      const found = counters.get(key);
      if (found) found.record = undefined;
    },
  };
}
