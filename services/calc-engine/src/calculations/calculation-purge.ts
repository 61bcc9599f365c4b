// Stored calculations are kept so a transaction can be recorded from one; once expired
// they serve only to answer `calculation_expired` (409) rather than not-found. After
// a retention period beyond expiry they are deleted, so the store (and an embedded
// process's memory, which holds every stored record) stops growing with every
// calculation ever made. Several replicas may purge at once: deletes are idempotent.
import type { Logger } from "@levy/kit";
import type { CalculationStore } from "./calculation-store.js";

export interface CalculationPurgeOptions {
  readonly store: Pick<CalculationStore, "purgeExpired">;
  readonly logger: Logger;
  readonly intervalMs: number;
  /** How long after `expires_at` a calculation is kept (seconds). */
  readonly retainAfterExpirySeconds: number;
  readonly now?: () => number;
}

export interface CalculationPurge {
  /** One pass; resolves with how many calculations went. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startCalculationPurge(options: CalculationPurgeOptions): CalculationPurge {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  let running: Promise<number> | null = null;
  let stopped = false;

  async function runOnce(): Promise<number> {
    const purged = await options.store.purgeExpired(now() - options.retainAfterExpirySeconds);
    if (purged > 0) options.logger.info({ purged }, "expired calculations deleted");
    return purged;
  }

  const timer = setInterval(() => {
    if (running || stopped) return;
    running = runOnce()
      .catch((error: unknown) => {
        options.logger.warn({ err: error }, "purging expired calculations failed; the next pass retries");
        return 0;
      })
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
