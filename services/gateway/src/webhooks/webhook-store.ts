// Where webhooks live in the gateway's store: endpoints and deliveries per account and
// mode, and the schedule of deliveries still to attempt. The schedule is the gateway's
// own bookkeeping under one service scope (as the outbox index is): the store has no
// cross-account query, and the delivery worker must find every due delivery.
import type { Collection, Scope, Store } from "@levy/storage";
import type { WebhookEventType } from "./event-types.js";

export interface WebhookEndpointRecord {
  id: string;
  url: string;
  description: string;
  enabled_events: WebhookEventType[];
  /** The signing secret (whsec_...): shown once on creation, kept to sign deliveries. */
  secret: string;
  /** Epoch seconds. */
  created: number;
}

export interface DeliveryAttempt {
  /** Epoch milliseconds when the request started. */
  at_ms: number;
  /** The receiver's HTTP status; null when no answer came (error says why). */
  http_status: number | null;
  error: string | null;
  duration_ms: number;
}

export type DeliveryStatus = "pending" | "succeeded" | "failed";

export interface DeliveryRecord {
  /** Derived from (event id, endpoint id): a redelivered domain event makes no second delivery. */
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: WebhookEventType;
  /** The exact JSON body sent on every attempt (the event, frozen when it happened). */
  body: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** Epoch milliseconds of the next attempt; null once succeeded or given up. */
  next_attempt_at_ms: number | null;
  /** Epoch seconds. */
  created: number;
}

/** A delivery still to attempt, named across accounts (owner_*: the store keeps account_id and livemode for the scope). */
export interface ScheduledDelivery {
  id: string;
  owner_account_id: string;
  owner_livemode: boolean;
  due_at_ms: number;
}

export const scheduleScope: Scope = { accountId: "__gateway_webhook_schedule__", livemode: false };

export interface WebhookStore {
  readonly endpoints: Collection<WebhookEndpointRecord>;
  readonly deliveries: Collection<DeliveryRecord>;
  readonly schedule: Collection<ScheduledDelivery>;
}

export async function openWebhookStore(store: Store): Promise<WebhookStore> {
  return {
    endpoints: await store.collection<WebhookEndpointRecord>({ name: "webhook_endpoints" }),
    deliveries: await store.collection<DeliveryRecord>({
      name: "webhook_deliveries",
      indexes: [{ name: "by_endpoint", fields: ["endpoint_id"] }],
    }),
    schedule: await store.collection<ScheduledDelivery>({ name: "webhook_schedule" }),
  };
}
