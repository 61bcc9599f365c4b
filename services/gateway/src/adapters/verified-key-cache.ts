// Verified API keys held in memory, so a request with a known key costs no store
// round-trip. Entries are keyed by the key's peppered hash (the secret itself is never
// kept), hold at most `maxEntries` (least recently used go first) and live at most
// `maxAgeMs`: the age bounds staleness should a change event be lost. Only successful
// verifications are cached; an unknown key is asked of the store every time, so a key
// created a moment ago works at once.
//
// A verification that read the store before a revocation may finish after it: every
// drop bumps `generation`, and an answer read under an older generation is not kept.
import type { VerifiedKey } from "./key-store.js";

export interface VerifiedKeyCacheOptions {
  /** Most keys kept at once; 0 turns the cache off. */
  readonly maxEntries: number;
  readonly maxAgeMs: number;
  readonly now?: () => number;
}

export interface VerifiedKeyCache {
  get(hash: string): VerifiedKey | undefined;
  /** Keeps `verified` unless something was dropped since `generation` was read. */
  set(hash: string, verified: VerifiedKey, generation: number): void;
  readonly generation: number;
  dropKey(keyId: string): void;
  dropAccount(accountId: string): void;
  readonly size: number;
}

interface Entry {
  readonly verified: VerifiedKey;
  readonly until: number;
}

export function createVerifiedKeyCache(options: VerifiedKeyCacheOptions): VerifiedKeyCache {
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on a hit keeps the oldest first.
  const entries = new Map<string, Entry>();
  let generation = 0;

  function dropWhere(matches: (verified: VerifiedKey) => boolean): void {
    generation += 1;
    for (const [hash, entry] of entries) if (matches(entry.verified)) entries.delete(hash);
  }

  return {
    get(hash) {
      const entry = entries.get(hash);
      if (!entry) return undefined;
      entries.delete(hash);
      if (entry.until <= now()) return undefined;
      entries.set(hash, entry);
      return entry.verified;
    },
    set(hash, verified, readAt) {
      if (options.maxEntries <= 0 || readAt !== generation) return;
      entries.delete(hash);
      entries.set(hash, { verified, until: now() + options.maxAgeMs });
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
    },
    get generation() {
      return generation;
    },
    dropKey: (keyId) => dropWhere((verified) => verified.keyId === keyId),
    dropAccount: (accountId) => dropWhere((verified) => verified.accountId === accountId),
    get size() {
      return entries.size;
    },
  };
}
