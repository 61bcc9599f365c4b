// Idempotency records: per account, mode and Idempotency-Key, the hash of the first
// request (method, path, body) and, once it finished, its response. Kept 24 hours.
import { createHash } from "node:crypto";
import { StorageError, type Collection, type Scope, type Store } from "@levy/storage";

export interface IdempotencyRecord {
  /** sha256 of the key: keys are client-chosen strings. */
  id: string;
  request_hash: string;
  state: "in_flight" | "completed";
  status: number;
  body: string;
  created_at_ms: number;
  completed_at_ms: number;
}

export type BeginResult =
  | { readonly kind: "proceed"; readonly version: number }
  | { readonly kind: "replay"; readonly status: number; readonly body: string }
  | { readonly kind: "mismatch" }
  | { readonly kind: "in_flight" };

export interface IdempotencyStore {
  begin(scope: Scope, key: string, requestHash: string): Promise<BeginResult>;
  complete(scope: Scope, key: string, version: number, status: number, body: string): Promise<void>;
  /** Forgets an attempt that failed without a definite answer (5xx), so a retry runs again. */
  abandon(scope: Scope, key: string): Promise<void>;
}

export interface IdempotencyStoreOptions {
  /** How long a finished response is replayed. */
  readonly retentionMs?: number;
  /** An attempt in flight longer than this is presumed dead (crashed gateway) and taken over. */
  readonly staleMs?: number;
  readonly now?: () => number;
}

export const idempotencyCollection = { name: "idempotency_keys" } as const;

export function keyId(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function createIdempotencyStoreOn(
  records: Collection<IdempotencyRecord>,
  options: IdempotencyStoreOptions = {},
): IdempotencyStore {
  const retentionMs = options.retentionMs ?? 24 * 3600 * 1000;
  const staleMs = options.staleMs ?? 60_000;
  const now = options.now ?? Date.now;

  async function begin(scope: Scope, key: string, requestHash: string, attempt = 0): Promise<BeginResult> {
    const id = keyId(key);
    const fresh: IdempotencyRecord = {
      id,
      request_hash: requestHash,
      state: "in_flight",
      status: 0,
      body: "",
      created_at_ms: now(),
      completed_at_ms: 0,
    };
    const { inserted, record } = await records.insertIfAbsent(scope, fresh);
    if (inserted) return { kind: "proceed", version: record.version };
    const expired = record.state === "completed" && now() - record.completed_at_ms > retentionMs;
    const stale = record.state === "in_flight" && now() - record.created_at_ms > staleMs;
    if (!expired && !stale) {
      if (record.request_hash !== requestHash) return { kind: "mismatch" };
      if (record.state === "completed") return { kind: "replay", status: record.status, body: record.body };
      return { kind: "in_flight" };
    }
    try {
      const taken = await records.update(scope, id, {
        expectedVersion: record.version,
        set: { ...fresh, created_at_ms: now() },
      });
      return { kind: "proceed", version: taken.version };
    } catch (error) {
      if (error instanceof StorageError && (error.code === "conflict" || error.code === "not_found") && attempt < 3)
        return begin(scope, key, requestHash, attempt + 1);
      throw error;
    }
  }

  return {
    begin: (scope, key, requestHash) => begin(scope, key, requestHash),
    async complete(scope, key, version, status, body) {
      await records.update(scope, keyId(key), {
        expectedVersion: version,
        set: { state: "completed", status, body, completed_at_ms: now() },
      });
    },
    async abandon(scope, key) {
      await records.delete(scope, keyId(key));
    },
  };
}

export async function createIdempotencyStore(
  store: Store,
  options: IdempotencyStoreOptions = {},
): Promise<IdempotencyStore> {
  return createIdempotencyStoreOn(await store.collection<IdempotencyRecord>(idempotencyCollection), options);
}
