// Changes that make a cached verified key stale, as events: a key revoked, an account's
// pinned API version changed. Each event is written on the changed record (the outbox)
// in the same write as the change, published right after, and re-published by the relay
// should the publish fail, so every gateway replica hears of it and drops what it cached.
import { createEvent, type EventBus, type EventEnvelope, type Subscription } from "@levy/events";
import {
  createOutbox,
  outboxIndexCollection,
  type Logger,
  type Outbox,
  type OutboxIndexRecord,
  type OutboxSource,
} from "@levy/kit";
import type { Store, SystemCollection } from "@levy/storage";
import type { Registry } from "prom-client";
import type { VerifiedKeyCache } from "./verified-key-cache.js";

export const keyChangesTopic = "levy.gateway.key_changes";
export const keyRevokedType = "levy.api_key.revoked";
export const accountChangedType = "levy.account.changed";

export interface KeyChangeRecord {
  id: string;
  pending_events?: EventEnvelope[];
}

export function keyRevokedEvent(key: { id: string; account_id: string; livemode: boolean }): EventEnvelope {
  return createEvent({
    type: keyRevokedType,
    version: 1,
    scope: { accountId: key.account_id, livemode: key.livemode },
    key: key.account_id,
    payload: { key_id: key.id },
  });
}

export function accountChangedEvent(account: { id: string; pinned_api_version: string }): EventEnvelope {
  return createEvent({
    type: accountChangedType,
    version: 1,
    scope: { accountId: account.id, livemode: false },
    key: account.id,
    payload: { account_id: account.id, api_version: account.pinned_api_version },
  });
}

/** The outbox's view of a system collection: records are found by id alone. */
function unscoped(collection: SystemCollection<KeyChangeRecord>): OutboxSource["collection"] {
  return {
    get: (_scope, id) => collection.get(id) as ReturnType<OutboxSource["collection"]["get"]>,
    update: (_scope, id, options) =>
      collection.update(id, options as never) as ReturnType<OutboxSource["collection"]["update"]>,
  };
}

export interface KeyChangeOutboxOptions {
  readonly store: Store;
  readonly bus: EventBus;
  readonly keys: SystemCollection<KeyChangeRecord>;
  readonly accounts: SystemCollection<KeyChangeRecord>;
  readonly logger: Logger;
  readonly registry?: Registry;
}

export async function createKeyChangeOutbox(options: KeyChangeOutboxOptions): Promise<Outbox> {
  return createOutbox({
    owner: "gateway",
    bus: options.bus,
    index: await options.store.collection<OutboxIndexRecord>(outboxIndexCollection),
    sources: {
      api_keys: { collection: unscoped(options.keys), topic: keyChangesTopic },
      accounts: { collection: unscoped(options.accounts), topic: keyChangesTopic },
    },
    logger: options.logger,
    ...(options.registry ? { registry: options.registry } : {}),
  });
}

/** Drops what `cache` holds for each changed key or account; one consumer group per replica. */
export function followKeyChanges(bus: EventBus, group: string, cache: VerifiedKeyCache): Promise<Subscription> {
  return bus.subscribe({
    topic: keyChangesTopic,
    group,
    handler: async (event) => {
      const payload = event.payload as { key_id?: unknown; account_id?: unknown };
      if (event.type === keyRevokedType && typeof payload.key_id === "string") cache.dropKey(payload.key_id);
      else if (event.type === accountChangedType && typeof payload.account_id === "string")
        cache.dropAccount(payload.account_id);
    },
  });
}
