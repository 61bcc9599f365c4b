// Optimistic writes lose version races to concurrent writers. On FerretDB a transition is
// claimed by a marker before the document changes, so an immediate retry often reads the
// old version again and loses once more: retries wait a short, growing, jittered time.
import { StorageError } from "./port.js";

export interface RetryOnConflictOptions {
  /** Attempts in all, the first included. */
  readonly attempts?: number;
  /** Upper bound of the first wait; each later wait may be twice as long. */
  readonly baseDelayMs?: number;
}

export const isConflict = (error: unknown): error is StorageError =>
  error instanceof StorageError && error.code === "conflict";

/** Runs `write` (which reads what it needs afresh) until it does not lose a version race. */
export async function retryOnConflict<T>(write: () => Promise<T>, options: RetryOnConflictOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 6;
  const baseDelayMs = options.baseDelayMs ?? 4;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isConflict(error) || attempt >= attempts) throw error;
      const ceiling = baseDelayMs * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, ceiling / 2 + Math.random() * (ceiling / 2)));
    }
  }
}
