// Uniqueness of e-mail and reference_customer_id per account and mode, enforced by the
// store's primary key rather than check-then-insert: a customer first claims each key
// (a record whose id is the key), and only the first claim of a key can succeed.
// A claim left behind by a crash (its customer was never written, or was deleted)
// is taken over by the next claimant.
import type { Collection, Scope, Stored } from "@levy/storage";
import { StorageError } from "@levy/storage";

export interface ClaimRecord {
  id: string;
  customer_id: string;
  /** Epoch ms; a claim younger than STALE_AFTER_MS belongs to a create still in flight. */
  claimed_at: number;
}

const STALE_AFTER_MS = 30_000;

export type ClaimOutcome = { ok: true } | { ok: false; ownerId: string };

export interface UniqueClaims {
  /** Claims every key for the customer, or reports the live owner of the first taken key. */
  claim(scope: Scope, keys: readonly string[], customerId: string, isLive: (customerId: string) => Promise<boolean>): Promise<ClaimOutcome>;
  release(scope: Scope, keys: readonly string[], customerId: string): Promise<void>;
}

export function createUniqueClaims(claims: Collection<ClaimRecord>): UniqueClaims {
  async function claimOne(scope: Scope, key: string, customerId: string, isLive: (id: string) => Promise<boolean>): Promise<ClaimOutcome> {
    const { inserted, record } = await claims.insertIfAbsent(scope, { id: key, customer_id: customerId, claimed_at: Date.now() });
    if (inserted || record.customer_id === customerId) return { ok: true };
    const fresh = Date.now() - record.claimed_at < STALE_AFTER_MS;
    if (fresh || (await isLive(record.customer_id))) return { ok: false, ownerId: record.customer_id };
    return takeOver(scope, record, customerId);
  }

  async function takeOver(scope: Scope, stale: Stored<ClaimRecord>, customerId: string): Promise<ClaimOutcome> {
    try {
      await claims.update(scope, stale.id, { expectedVersion: stale.version, set: { customer_id: customerId, claimed_at: Date.now() } });
      return { ok: true };
    } catch (error) {
      if (!(error instanceof StorageError) || error.code !== "conflict") throw error;
      // Someone else took it over first: they own it now.
      const current = await claims.get(scope, stale.id);
      return current ? { ok: false, ownerId: current.customer_id } : { ok: false, ownerId: stale.customer_id };
    }
  }

  const api: UniqueClaims = {
    async claim(scope, keys, customerId, isLive) {
      const taken: string[] = [];
      for (const key of keys) {
        const outcome = await claimOne(scope, key, customerId, isLive);
        if (!outcome.ok) {
          await api.release(scope, taken, customerId);
          return outcome;
        }
        taken.push(key);
      }
      return { ok: true };
    },
    async release(scope, keys, customerId) {
      for (const key of keys) {
        const claim = await claims.get(scope, key);
        if (claim?.customer_id === customerId) await claims.delete(scope, key);
      }
    },
  };
  return api;
}
