// Deletes the outbox entries of published events off the request's path, in groups: the
// entries queued within one window go in one deleteMany (one commit on the embedded
// store, one round trip on MongoDB) instead of one deletion per flush. An entry queued
// here counts as settled for this process at once (`isSettling`); if the process dies
// first, the entry stays, the relay publishes its event again and consumers skip it by
// its id, so a late or lost deletion costs a duplicate delivery, never a lost event.
import type { Collection, Scope } from "@levy/storage";

export interface EntrySettler {
  /** Queues the entries for deletion; resolves once they are deleted (rejects if that failed). */
  settle(ids: readonly string[]): Promise<void>;
  /** True while the entry is queued or being deleted. */
  isSettling(id: string): boolean;
  /** Deletes whatever is queued now and waits for every deletion under way. */
  drain(): Promise<void>;
}

interface Waiting {
  readonly ids: readonly string[];
  resolve(): void;
  reject(error: unknown): void;
}

export function createEntrySettler(
  index: Pick<Collection<{ id: string }>, "deleteMany">,
  scope: Scope,
  windowMs: number,
): EntrySettler {
  let queue: Waiting[] = [];
  const settling = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;

  function release(ids: readonly string[]): void {
    for (const id of ids) {
      const left = (settling.get(id) ?? 1) - 1;
      if (left === 0) settling.delete(id);
      else settling.set(id, left);
    }
  }

  function deleteQueued(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return Promise.resolve();
    const ids = [...new Set(batch.flatMap((waiting) => waiting.ids))];
    const run = index.deleteMany(scope, ids).then(
      () => {
        for (const waiting of batch) waiting.resolve();
      },
      (error: unknown) => {
        for (const waiting of batch) waiting.reject(error);
      },
    );
    const tracked = run.finally(() => {
      release(batch.flatMap((waiting) => waiting.ids));
      running.delete(tracked);
    });
    running.add(tracked);
    return tracked;
  }

  return {
    settle(ids) {
      for (const id of ids) settling.set(id, (settling.get(id) ?? 0) + 1);
      const done = new Promise<void>((resolve, reject) => queue.push({ ids, resolve, reject }));
      timer ??= setTimeout(() => void deleteQueued(), windowMs);
      return done;
    },
    isSettling: (id) => settling.has(id),
    async drain() {
      await deleteQueued();
      await Promise.allSettled([...running]);
    },
  };
}
