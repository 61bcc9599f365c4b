// Runs a handler until it succeeds or has failed `maxAttempts` times, backing off
// between attempts; the caller then dead-letters the event. Two failures are not the
// event's fault and never count as attempts, however long they last: the handler's own
// dependencies being down (its database, the broker), and a record it writes being busy
// (a version conflict: on MongoDB a writer that crashed mid-update leaves a claim that is
// rolled forward only 30 s later). So good events never reach the dead-letter topic.
import type { EventEnvelope, EventHandler } from "./port.js";

export const defaultMaxAttempts = 5;

export type DeliveryOutcome =
  | { delivered: true }
  | { delivered: false; stopped: true }
  | { delivered: false; stopped: false; error: string; attempts: number };

export interface DeliveryOptions {
  readonly maxAttempts: number;
  /** True once the subscriber is closing: give up without dead-lettering. */
  readonly shouldStop?: () => boolean;
  /** Errors that are not the event's fault; default: isTransientFailure. */
  readonly isTransient?: (error: unknown) => boolean;
  /** Called during each wait (a Kafka consumer heartbeats, so a long outage keeps its partitions). */
  readonly whileWaiting?: () => Promise<void>;
}

/** StorageError and EventBusError both say "unavailable" when their server is down. */
export function isOutage(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "unavailable";
}

/** An outage, or a version conflict on a record the handler writes (it clears when retried). */
export function isTransientFailure(error: unknown): boolean {
  return (
    isOutage(error) ||
    (typeof error === "object" && error !== null && (error as { code?: unknown }).code === "conflict")
  );
}

const maxOutageBackoffMs = 2000;

export async function deliverWithRetries(
  handler: EventHandler,
  event: EventEnvelope,
  options: DeliveryOptions,
): Promise<DeliveryOutcome> {
  const shouldStop = options.shouldStop ?? (() => false);
  const isTransient = options.isTransient ?? isTransientFailure;
  let lastError = "";
  let attempts = 0;
  for (let tries = 1; ; tries += 1) {
    try {
      await handler(event);
      return { delivered: true };
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      if (!isTransient(error)) attempts += 1;
      if (attempts >= options.maxAttempts) break;
      if (shouldStop()) return { delivered: false, stopped: true };
      const backoff = isTransient(error)
        ? Math.min(maxOutageBackoffMs, 100 * tries)
        : Math.min(1000, 25 * 2 ** attempts);
      await new Promise((resolve) => setTimeout(resolve, backoff));
      await options.whileWaiting?.();
    }
  }
  return { delivered: false, stopped: false, error: lastError.slice(0, 1000), attempts };
}

export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}

/** The envelope as it lands on the dead-letter topic: the original plus why it failed. */
export function deadLetter(
  event: EventEnvelope,
  topic: string,
  outcome: { error: string; attempts: number },
): EventEnvelope {
  return {
    ...event,
    payload: {
      original: event.payload,
      failure: { source_topic: topic, error: outcome.error, attempts: outcome.attempts, failed_at: Date.now() },
    },
  };
}
