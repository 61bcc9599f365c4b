// Turns Levy's domain events (Kafka, or the in-process bus in embedded mode) into webhook
// deliveries: one per (event, endpoint of the event's account and mode that asked for its
// type), stored before the consumer acknowledges the event, so a crash re-reads the event
// and finds what it already stored (delivery ids derive from the event and endpoint ids).
// Sending is the delivery worker's job, never the consumer's: a slow receiver must not hold
// up the topic (nor, in embedded mode, the publishing service).
import type { EventBus, EventEnvelope, Subscription } from "@levy/events";
import { derivedId, epochSeconds } from "@levy/kit";
import type { Scope } from "@levy/storage";
import { objectOf, type ObjectSources } from "./event-objects.js";
import { webhookSourceTopics, webhookTypeOf, type WebhookEventType } from "./event-types.js";
import { scheduleScope, type WebhookEndpointRecord, type WebhookStore } from "./webhook-store.js";

/**
 * One group for all gateway replicas, so each domain event is turned into deliveries once,
 * reading every source topic on one consumer (one poll loop: the idle cost of a consumer).
 */
export const webhookConsumerGroup = "gateway-webhooks";

/** Every endpoint of the account and mode, read when called (no cache: endpoints are the client's to change). */
async function endpointsOf(store: WebhookStore, scope: Scope): Promise<WebhookEndpointRecord[]> {
  const found: WebhookEndpointRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.endpoints.list(scope, { limit: 100, ...(cursor ? { cursor } : {}) });
    found.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return found;
}

const scopeOf = (event: EventEnvelope): Scope => ({ accountId: event.account_id, livemode: event.livemode });

/** The webhook event's JSON: the same text is sent on every attempt. */
function eventBody(event: EventEnvelope, type: WebhookEventType, object: Record<string, unknown>): string {
  return JSON.stringify({
    // The domain event's id: unique, and the same however often Kafka redelivers it.
    id: event.id,
    object: "event",
    type,
    created: Math.floor(event.occurred_at / 1000),
    livemode: event.livemode,
    data: { object },
  });
}

type Due = Array<{ id: string; dueAtMs: number }>;

export function storeDeliveries(event: EventEnvelope, store: WebhookStore, sources: ObjectSources): Promise<Due> {
  return storeRunDeliveries([event], store, sources);
}

/**
 * The deliveries of a run of events (what queued while the consumer was busy): each
 * account's endpoints are listed once for the run, when its first event is taken, so after
 * every event of the run occurred, as a lone event's list is.
 */
export async function storeRunDeliveries(
  events: readonly EventEnvelope[],
  store: WebhookStore,
  sources: ObjectSources,
): Promise<Due> {
  const listed = new Map<string, Promise<WebhookEndpointRecord[]>>();
  const due: Due = [];
  for (const event of events) {
    const type = webhookTypeOf(event);
    if (!type) continue;
    const key = `${event.livemode}:${event.account_id}`;
    const endpoints = listed.get(key) ?? endpointsOf(store, scopeOf(event));
    listed.set(key, endpoints);
    const asked = (await endpoints).filter((endpoint) => endpoint.enabled_events.includes(type));
    due.push(...(await deliveriesOf(event, type, asked, store, sources)));
  }
  return due;
}

async function deliveriesOf(
  event: EventEnvelope,
  type: WebhookEventType,
  endpoints: readonly WebhookEndpointRecord[],
  store: WebhookStore,
  sources: ObjectSources,
): Promise<Due> {
  const scope = scopeOf(event);
  if (endpoints.length === 0) return [];
  const body = eventBody(event, type, await objectOf(type, event, sources));
  const due: Due = [];
  for (const endpoint of endpoints) {
    const id = derivedId("whd", [event.id, endpoint.id]);
    const now = Date.now();
    const { record } = await store.deliveries.insertIfAbsent(scope, {
      id,
      endpoint_id: endpoint.id,
      event_id: event.id,
      event_type: type,
      body,
      status: "pending",
      attempts: [],
      next_attempt_at_ms: now,
      created: epochSeconds(),
    });
    if (record.status !== "pending" || record.next_attempt_at_ms === null) continue;
    await store.schedule.insertIfAbsent(scheduleScope, {
      id,
      owner_account_id: scope.accountId,
      owner_livemode: scope.livemode,
      due_at_ms: record.next_attempt_at_ms,
    });
    due.push({ id, dueAtMs: record.next_attempt_at_ms });
  }
  return due;
}

export async function followWebhookSources(
  bus: EventBus,
  store: WebhookStore,
  sources: ObjectSources,
  onDue: (dueAtMs: number, id: string) => void,
): Promise<Subscription> {
  const [first, ...others] = webhookSourceTopics;
  return bus.subscribe({
    topic: first,
    alsoTopics: others,
    group: webhookConsumerGroup,
    handler: async (event) => {
      for (const { id, dueAtMs } of await storeDeliveries(event, store, sources)) onDue(dueAtMs, id);
    },
    // A run lists each account's endpoints once (one store read per run, not per event);
    // a failed run comes again event by event, and delivery ids make that idempotent.
    batchHandler: async (events) => {
      for (const { id, dueAtMs } of await storeRunDeliveries(events, store, sources)) onDue(dueAtMs, id);
    },
    // Webhooks may leave up to 1 s later so that a steady flow of events comes as runs (a fetch
    // held 1 s wakes an idle gateway once a second, the default 2 s fetch twice as rarely).
    gatherMs: 1000,
  });
}
