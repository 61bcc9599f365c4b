// Accounts and API keys, stored as platform-owned (system) records. A key is found by
// the HMAC of the presented secret and compared in constant time; revocation is a
// field checked on every lookup. With an event bus, a revocation and a change of an
// account's pinned version are also published (through an outbox on the record), so
// the gateways' verified-key caches (cached-key-store.ts) drop what they hold.
// Pepper rotation: with a previous pepper configured, a key not found under the current
// pepper is looked up under the previous one and, when found, re-hashed with the current
// pepper on the spot (only the presented secret allows that), so keys move over as they
// are used and the previous pepper can be dropped once they have.
import { LevyError, epochSeconds, newId, type Logger, type Outbox } from "@levy/kit";
import type { EventBus, EventEnvelope } from "@levy/events";
import type { Registry } from "prom-client";
import { StorageError, type Page, type Store, type Stored, type SystemCollection } from "@levy/storage";
import { type ApiVersion, currentApiVersion } from "../domain/api-versions.js";
import {
  type KeyKind,
  displayPrefix,
  generateApiKey,
  hashApiKey,
  hashesEqual,
  parseApiKey,
} from "../domain/api-keys.js";
import { accountChangedEvent, createKeyChangeOutbox, keyRevokedEvent } from "./key-change-events.js";

export interface Account {
  id: string;
  name: string;
  pinned_api_version: ApiVersion;
  created_at: number;
  /** Change events not yet published (the outbox). */
  pending_events?: EventEnvelope[];
}

export interface ApiKeyRecord {
  id: string;
  account_id: string;
  livemode: boolean;
  kind: KeyKind;
  hash: string;
  display_prefix: string;
  created_at: number;
  revoked_at: number | null;
  /** Change events not yet published (the outbox). */
  pending_events?: EventEnvelope[];
}

export interface IssuedKey {
  readonly record: ApiKeyRecord;
  /** Shown once, at creation; never stored. */
  readonly secret: string;
}

export interface VerifiedKey {
  readonly keyId: string;
  readonly accountId: string;
  readonly livemode: boolean;
  readonly kind: KeyKind;
  readonly pinnedApiVersion: ApiVersion;
}

/** A page of a listing; `cursor` is the previous page's nextCursor (invalid → invalid_cursor). */
export interface PageRequest {
  readonly limit: number;
  readonly cursor?: string | undefined;
}

export interface KeyStore {
  createAccount(name: string, apiVersion?: ApiVersion): Promise<{ account: Account; keys: IssuedKey[] }>;
  getAccount(accountId: string): Promise<Account | null>;
  listAccounts(page: PageRequest): Promise<Page<Account>>;
  /** Throws account_not_found. */
  listKeys(accountId: string, page: PageRequest): Promise<Page<ApiKeyRecord>>;
  pinApiVersion(accountId: string, apiVersion: ApiVersion): Promise<Account>;
  issueKey(accountId: string, kind: KeyKind, livemode: boolean): Promise<IssuedKey>;
  revokeKey(keyId: string): Promise<ApiKeyRecord>;
  /** Throws invalid_api_key_format, api_key_not_found or api_key_revoked. */
  verify(secret: string): Promise<VerifiedKey>;
}

export interface Peppers {
  readonly current: string;
  /** The pepper before a rotation (API_KEY_PEPPER_PREVIOUS); keys hashed with it still verify. */
  readonly previous?: string | undefined;
}

export interface KeyStoreOptions {
  readonly logger?: Logger | undefined;
  /** Where key and account changes are published; without it nothing is. */
  readonly bus?: EventBus | undefined;
  /** Where the outbox's pending-events gauge is exported. */
  readonly registry?: Registry | undefined;
}

export interface KeyStoreWithOutbox extends KeyStore {
  /** Publishes the change events (null without a bus); its relay is started by the caller. */
  readonly outbox: Outbox | null;
}

export async function createKeyStore(
  store: Store,
  peppers: Peppers,
  options: KeyStoreOptions = {},
): Promise<KeyStoreWithOutbox> {
  const { logger } = options;
  const pepper = peppers.current;
  const accounts: SystemCollection<Account> = await store.systemCollection<Account>({ name: "accounts" });
  const keys: SystemCollection<ApiKeyRecord> = await store.systemCollection<ApiKeyRecord>({
    name: "api_keys",
    uniqueIndexes: [{ name: "api_keys_hash", fields: ["hash"] }],
    indexes: [{ name: "api_keys_account", fields: ["account_id"] }],
  });
  const outbox =
    options.bus && logger
      ? await createKeyChangeOutbox({ store, bus: options.bus, keys, accounts, logger, registry: options.registry })
      : null;

  /** Writes `set` on the record together with its change event, then publishes the event. */
  async function updateWithEvent<T extends { id: string; pending_events?: EventEnvelope[] }>(
    collection: SystemCollection<T>,
    source: "api_keys" | "accounts",
    record: Stored<T>,
    set: Partial<T>,
    event: EventEnvelope,
  ): Promise<Stored<T>> {
    if (!outbox) return collection.update(record.id, { expectedVersion: record.version, set });
    const scope = { accountId: event.account_id, livemode: event.livemode };
    await outbox.announce(scope, source, record.id, [event]);
    const pending_events = [...(record.pending_events ?? []), event];
    const updated = await collection.update(record.id, {
      expectedVersion: record.version,
      set: { ...set, pending_events },
    });
    await outbox.flush(scope, source, record.id);
    return updated;
  }

  async function issueKey(accountId: string, kind: KeyKind, livemode: boolean): Promise<IssuedKey> {
    const secret = generateApiKey(kind, livemode);
    const record: ApiKeyRecord = {
      id: newId("key"),
      account_id: accountId,
      livemode,
      kind,
      hash: hashApiKey(secret, pepper),
      display_prefix: displayPrefix(secret),
      created_at: epochSeconds(),
      revoked_at: null,
    };
    await keys.insert(record);
    return { record, secret };
  }

  async function findByHash(hash: string): Promise<Stored<ApiKeyRecord> | null> {
    const key = await keys.findOne({ hash });
    return key && hashesEqual(key.hash, hash) ? key : null;
  }

  /** The key stored under the previous pepper's hash, moved to `currentHash` unless revoked. */
  async function rehashFromPrevious(
    secret: string,
    previous: string,
    currentHash: string,
  ): Promise<Stored<ApiKeyRecord> | null> {
    const key = await findByHash(hashApiKey(secret, previous));
    if (!key || key.revoked_at !== null) return key;
    try {
      const moved = await keys.update(key.id, { expectedVersion: key.version, set: { hash: currentHash } });
      logger?.info({ key_id: key.id }, "API key re-hashed with the current pepper");
      return moved;
    } catch (error) {
      // Another request moved (or revoked) it first: read it again under the current hash.
      if (error instanceof StorageError && (error.code === "conflict" || error.code === "duplicate"))
        return (await findByHash(currentHash)) ?? key;
      throw error;
    }
  }

  async function requireAccount(accountId: string): Promise<Stored<Account>> {
    const account = await accounts.get(accountId);
    if (!account) throw new LevyError("account_not_found", `no account ${accountId}`);
    return account;
  }

  /** Storage's invalid_cursor becomes the API's invalid_cursor (400). */
  async function listPage<T>(list: () => Promise<Page<T>>): Promise<Page<T>> {
    try {
      return await list();
    } catch (error) {
      if (error instanceof StorageError && error.code === "invalid_cursor") {
        throw new LevyError("invalid_cursor", "cursor is malformed or expired; restart from the first page", {
          field: "cursor",
        });
      }
      throw error;
    }
  }

  return {
    outbox,
    async createAccount(name, apiVersion = currentApiVersion) {
      const account: Account = { id: newId("acct"), name, pinned_api_version: apiVersion, created_at: epochSeconds() };
      await accounts.insert(account);
      const issued = [];
      for (const livemode of [false, true]) {
        for (const kind of ["secret", "publishable"] as const) issued.push(await issueKey(account.id, kind, livemode));
      }
      return { account, keys: issued };
    },
    getAccount: (accountId) => accounts.get(accountId),
    listAccounts: ({ limit, cursor }) => listPage(() => accounts.list({ limit, ...(cursor ? { cursor } : {}) })),
    async listKeys(accountId, { limit, cursor }) {
      await requireAccount(accountId);
      return listPage(() => keys.list({ where: { account_id: accountId }, limit, ...(cursor ? { cursor } : {}) }));
    },
    async pinApiVersion(accountId, apiVersion) {
      const account = await requireAccount(accountId);
      const event = accountChangedEvent({ id: accountId, pinned_api_version: apiVersion });
      return updateWithEvent(accounts, "accounts", account, { pinned_api_version: apiVersion }, event);
    },
    async issueKey(accountId, kind, livemode) {
      await requireAccount(accountId);
      return issueKey(accountId, kind, livemode);
    },
    async revokeKey(keyId) {
      const key = await keys.get(keyId);
      if (!key) throw new LevyError("key_not_found", `no API key ${keyId}`);
      if (key.revoked_at !== null) return key;
      return updateWithEvent(keys, "api_keys", key, { revoked_at: epochSeconds() }, keyRevokedEvent(key));
    },
    async verify(secret) {
      const parsed = parseApiKey(secret);
      if (!parsed) throw new LevyError("invalid_api_key_format", "the API key is not in a valid format");
      const hash = hashApiKey(secret, pepper);
      const key =
        (await findByHash(hash)) ??
        (peppers.previous ? await rehashFromPrevious(secret, peppers.previous, hash) : null);
      if (!key) throw new LevyError("api_key_not_found", "the API key was not found");
      if (key.revoked_at !== null) throw new LevyError("api_key_revoked", "the API key is not active");
      const account = await requireAccount(key.account_id);
      return {
        keyId: key.id,
        accountId: key.account_id,
        livemode: key.livemode,
        kind: key.kind,
        pinnedApiVersion: account.pinned_api_version,
      };
    },
  };
}
