// Runs a handler until it succeeds or has failed `maxAttempts` times, backing off
// between attempts; the caller then dead-letters the event.
import type { EventEnvelope, EventHandler } from "./port.js";

export const defaultMaxAttempts = 5;

export type DeliveryOutcome = { delivered: true } | { delivered: false; error: string; attempts: number };

export async function deliverWithRetries(
  handler: EventHandler,
  event: EventEnvelope,
  maxAttempts: number,
  shouldStop: () => boolean = () => false,
): Promise<DeliveryOutcome> {
  let lastError = "";
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    try {
      await handler(event);
      return { delivered: true };
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      if (attempt < maxAttempts && !shouldStop()) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
    }
  }
  return { delivered: false, error: lastError.slice(0, 1000), attempts: maxAttempts };
}

export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}

/** The envelope as it lands on the dead-letter topic: the original plus why it failed. */
export function deadLetter(event: EventEnvelope, topic: string, outcome: { error: string; attempts: number }): EventEnvelope {
  return {
    ...event,
    payload: { original: event.payload, failure: { source_topic: topic, error: outcome.error, attempts: outcome.attempts, failed_at: Date.now() } },
  };
}
