// Sends due deliveries and schedules the next attempt of failed ones. A new delivery is
// attempted at once, by id; retries wait for the schedule. Idle cost: one timer set to
// the earliest due attempt, plus a sweep every 5 minutes for entries another replica
// left behind; never a short poll. Durable: the schedule is in the store, so a restart
// picks up every due delivery on start.
// Replicas share the schedule; each attempt is claimed first (an optimistic update that
// moves the entry past the attempt's deadline), so two replicas do not send it together.
import { StorageError, type Stored } from "@levy/storage";
import type { Logger } from "@levy/kit";
import { postWebhook, type PostOptions } from "./post-webhook.js";
import { retryDelayMs, type RetryPolicy } from "./retry-schedule.js";
import { signatureHeader, signatureOf } from "./signature.js";
import { scheduleScope, type DeliveryAttempt, type ScheduledDelivery, type WebhookStore } from "./webhook-store.js";

const sweepMs = 5 * 60_000;
const concurrentAttempts = 8;

export interface DeliveryWorker {
  /**
   * Delivery `id` is due at `dueAtMs`: attempted at once when due now (without scanning
   * the schedule, which a failing receiver can make long), else the timer fires by then.
   */
  wake(dueAtMs: number, id: string): void;
  stop(): Promise<void>;
}

export function startDeliveryWorker(options: {
  store: WebhookStore;
  policy: RetryPolicy;
  post: PostOptions;
  logger: Logger;
}): DeliveryWorker {
  const { store, policy, logger } = options;
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Number.POSITIVE_INFINITY;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  function arm(atMs: number): void {
    if (stopped || atMs >= timerAt) return;
    if (timer) clearTimeout(timer);
    timerAt = atMs;
    timer = setTimeout(
      () => {
        timer = null;
        timerAt = Number.POSITIVE_INFINITY;
        run();
      },
      Math.max(0, atMs - Date.now()),
    );
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error) => {
        logger.warn({ err: error }, "webhook delivery pass failed; trying again shortly");
        arm(Date.now() + 5_000);
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  }

  async function pass(): Promise<void> {
    const entries: Stored<ScheduledDelivery>[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.schedule.list(scheduleScope, { limit: 200, ...(cursor ? { cursor } : {}) });
      entries.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const now = Date.now();
    const due = entries.filter((entry) => entry.due_at_ms <= now);
    let next = now + sweepMs;
    for (const entry of entries) if (entry.due_at_ms > now) next = Math.min(next, entry.due_at_ms);
    for (let start = 0; start < due.length && !stopped; start += concurrentAttempts) {
      const results = await Promise.all(due.slice(start, start + concurrentAttempts).map((entry) => attempt(entry)));
      for (const nextDue of results) if (nextDue !== null) next = Math.min(next, nextDue);
    }
    arm(next);
  }

  /** One attempt of a scheduled delivery; answers when it is due again (null: done or not ours). */
  async function attempt(entry: Stored<ScheduledDelivery>): Promise<number | null> {
    let claimed: Stored<ScheduledDelivery>;
    try {
      claimed = await store.schedule.update(scheduleScope, entry.id, {
        expectedVersion: entry.version,
        set: { due_at_ms: Date.now() + options.post.timeoutMs + 30_000 },
      });
    } catch (error) {
      if (error instanceof StorageError && (error.code === "conflict" || error.code === "not_found")) return null;
      throw error;
    }
    const scope = { accountId: entry.owner_account_id, livemode: entry.owner_livemode };
    const delivery = await store.deliveries.get(scope, entry.id);
    if (delivery?.status !== "pending") {
      await store.schedule.delete(scheduleScope, entry.id);
      return null;
    }
    const endpoint = await store.endpoints.get(scope, delivery.endpoint_id);
    const startedAt = Date.now();
    const outcome = endpoint
      ? await postWebhook(
          endpoint.url,
          {
            "content-type": "application/json; charset=utf-8",
            "user-agent": "Levy-Webhooks/1",
            [signatureHeader]: signatureOf(endpoint.secret, Math.floor(startedAt / 1000), delivery.body),
          },
          delivery.body,
          options.post,
        )
      : { httpStatus: null, error: "the endpoint was deleted", durationMs: 0 };
    const attempts: DeliveryAttempt[] = [
      ...delivery.attempts,
      { at_ms: startedAt, http_status: outcome.httpStatus, error: outcome.error, duration_ms: outcome.durationMs },
    ];
    const succeeded = outcome.error === null;
    const delay = succeeded || !endpoint ? null : retryDelayMs(policy, attempts.length);
    const nextAt = delay === null ? null : Date.now() + delay;
    await store.deliveries.update(scope, delivery.id, {
      expectedVersion: delivery.version,
      set: {
        attempts,
        status: succeeded ? "succeeded" : nextAt === null ? "failed" : "pending",
        next_attempt_at_ms: nextAt,
      },
    });
    if (nextAt === null) {
      await store.schedule.delete(scheduleScope, entry.id);
      return null;
    }
    await store.schedule.update(scheduleScope, entry.id, {
      expectedVersion: claimed.version,
      set: { due_at_ms: nextAt },
    });
    return nextAt;
  }

  const urgent = new Set<string>();
  let draining: Promise<void> | null = null;

  /** Attempts the deliveries named by wake(), a few at a time. */
  function drainUrgent(): void {
    if (draining || stopped) return;
    draining = (async () => {
      while (urgent.size > 0 && !stopped) {
        const ids = [...urgent].slice(0, concurrentAttempts);
        for (const id of ids) urgent.delete(id);
        await Promise.all(
          ids.map(async (id) => {
            const entry = await store.schedule.get(scheduleScope, id);
            if (!entry || entry.due_at_ms > Date.now()) return;
            const nextDue = await attempt(entry);
            if (nextDue !== null) arm(nextDue);
          }),
        );
      }
    })()
      .catch((error) => {
        logger.warn({ err: error }, "webhook delivery failed to run; the schedule is read again shortly");
        arm(Date.now() + 5_000);
      })
      .finally(() => {
        draining = null;
        if (urgent.size > 0) drainUrgent();
      });
  }

  run();
  return {
    wake: (dueAtMs, id) => {
      if (dueAtMs > Date.now()) return arm(dueAtMs);
      urgent.add(id);
      drainUrgent();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.all([running, draining]);
    },
  };
}
