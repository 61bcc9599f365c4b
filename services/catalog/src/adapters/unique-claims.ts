// Uniqueness of e-mail and reference_customer_id per account and mode, enforced by the
// store's primary key rather than check-then-insert: a customer first claims each key
// (a record whose id is the key), and only the first claim of a key can succeed.
// A claim left behind by a crash (its customer was never written, or was deleted)
// is taken over by the next claimant.
import type { Collection, Scope, Stored } from "@levy/storage";
import { StorageError } from "@levy/storage";

/**
 * What the claimant will hold once its own write lands (e.g. its e-mail and reference
 * id). A loser whose winner has claimed but not yet written is told these, since the
 * winner's record cannot be read yet.
 */
export type ClaimantFacts = Readonly<Record<string, string | null>>;

export interface ClaimRecord {
  id: string;
  customer_id: string;
  /** Epoch ms; a claim younger than STALE_AFTER_MS belongs to a create still in flight. */
  claimed_at: number;
  /** Absent on claims written before the facts were kept. */
  claimant?: ClaimantFacts;
}

const STALE_AFTER_MS = 30_000;

export type ClaimOutcome = { ok: true } | { ok: false; ownerId: string; key: string; claimant: ClaimantFacts | null };

export interface Claimant {
  readonly id: string;
  readonly facts: ClaimantFacts;
}

export interface UniqueClaims {
  /** Claims every key for the claimant, or reports the live owner of the first taken key. */
  claim(
    scope: Scope,
    keys: readonly string[],
    claimant: Claimant,
    isLive: (ownerId: string) => Promise<boolean>,
  ): Promise<ClaimOutcome>;
  release(scope: Scope, keys: readonly string[], ownerId: string): Promise<void>;
}

const taken = (record: ClaimRecord): ClaimOutcome => ({
  ok: false,
  ownerId: record.customer_id,
  key: record.id,
  claimant: record.claimant ?? null,
});

export function createUniqueClaims(claims: Collection<ClaimRecord>): UniqueClaims {
  async function claimOne(
    scope: Scope,
    key: string,
    claimant: Claimant,
    isLive: (id: string) => Promise<boolean>,
  ): Promise<ClaimOutcome> {
    const fresh: ClaimRecord = { id: key, customer_id: claimant.id, claimed_at: Date.now(), claimant: claimant.facts };
    const { inserted, record } = await claims.insertIfAbsent(scope, fresh);
    if (inserted || record.customer_id === claimant.id) return { ok: true };
    const inFlight = Date.now() - record.claimed_at < STALE_AFTER_MS;
    if (inFlight || (await isLive(record.customer_id))) return taken(record);
    return takeOver(scope, record, claimant);
  }

  async function takeOver(scope: Scope, stale: Stored<ClaimRecord>, claimant: Claimant): Promise<ClaimOutcome> {
    try {
      await claims.update(scope, stale.id, {
        expectedVersion: stale.version,
        set: { customer_id: claimant.id, claimed_at: Date.now(), claimant: claimant.facts },
      });
      return { ok: true };
    } catch (error) {
      if (!(error instanceof StorageError) || error.code !== "conflict") throw error;
      // Someone else took it over first: they own it now.
      return taken((await claims.get(scope, stale.id)) ?? stale);
    }
  }

  const api: UniqueClaims = {
    async claim(scope, keys, claimant, isLive) {
      const held: string[] = [];
      for (const key of keys) {
        const outcome = await claimOne(scope, key, claimant, isLive);
        if (!outcome.ok) {
          await api.release(scope, held, claimant.id);
          return outcome;
        }
        held.push(key);
      }
      return { ok: true };
    },
    async release(scope, keys, ownerId) {
      for (const key of keys) {
        const claim = await claims.get(scope, key);
        if (claim?.customer_id === ownerId) await claims.delete(scope, key);
      }
    },
  };
  return api;
}
