// Envelopes for new events: a random evt_ id (consumers de-duplicate on it), the
// scope it belongs to, and the partition key that keeps related events in order.
import { randomBytes } from "node:crypto";
import type { EventEnvelope } from "./port.js";

export interface NewEvent<P> {
  readonly type: string;
  readonly version: number;
  readonly scope: { readonly accountId: string; readonly livemode: boolean };
  readonly key: string;
  readonly payload: P;
}

export function newEventId(): string {
  return `evt_${randomBytes(18).toString("base64url")}`;
}

export function createEvent<P>(event: NewEvent<P>): EventEnvelope<P> {
  return {
    id: newEventId(),
    type: event.type,
    version: event.version,
    occurred_at: Date.now(),
    account_id: event.scope.accountId,
    livemode: event.scope.livemode,
    key: event.key,
    payload: event.payload,
  };
}

/** Parses an envelope from the wire; null when it is not one. */
export function parseEnvelope(text: string): EventEnvelope | null {
  try {
    const value = JSON.parse(text) as Partial<EventEnvelope>;
    const valid =
      typeof value.id === "string" &&
      typeof value.type === "string" &&
      typeof value.version === "number" &&
      typeof value.occurred_at === "number" &&
      typeof value.account_id === "string" &&
      typeof value.livemode === "boolean" &&
      typeof value.key === "string";
    return valid ? (value as EventEnvelope) : null;
  } catch {
    return null;
  }
}
