// The key store with verified keys cached in memory (verified-key-cache.ts), so the
// REST API and the KeyService the MCP bridge calls skip the store for a known key.
// What this replica changes it drops at once, before answering the change; what other
// replicas change arrives as an event (key-change-events.ts) and is dropped then.
import { hashApiKey } from "../domain/api-keys.js";
import type { KeyStore } from "./key-store.js";
import type { VerifiedKeyCache } from "./verified-key-cache.js";

export function withVerifiedKeyCache(inner: KeyStore, cache: VerifiedKeyCache, pepper: string): KeyStore {
  return {
    ...inner,
    async verify(secret) {
      const hash = hashApiKey(secret, pepper);
      const cached = cache.get(hash);
      if (cached) return cached;
      const generation = cache.generation;
      const verified = await inner.verify(secret);
      cache.set(hash, verified, generation);
      return verified;
    },
    async revokeKey(keyId) {
      const revoked = await inner.revokeKey(keyId);
      cache.dropKey(keyId);
      return revoked;
    },
    async pinApiVersion(accountId, apiVersion) {
      const account = await inner.pinApiVersion(accountId, apiVersion);
      cache.dropAccount(accountId);
      return account;
    },
  };
}
