// Benchmark: CPU per API key verification on the embedded store, with the verified-key
// cache off (every request reads the key and its account) and on. A share of every
// authenticated request's cost; the HTTP bench on a loaded machine is too noisy to see it.
// Run: npx tsc -b && node services/gateway/dist/bench/key-verify-bench.js [count]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createEmbeddedStore } from "@levy/storage";
import { withVerifiedKeyCache } from "../adapters/cached-key-store.js";
import { createKeyStore, type KeyStore } from "../adapters/key-store.js";
import { createVerifiedKeyCache } from "../adapters/verified-key-cache.js";

const count = Number(process.argv[2] ?? 5000);
const pepper = "bench-pepper-0123456789abcdef0123456789";
const dir = await mkdtemp(path.join(os.tmpdir(), "key-verify-bench-"));
const store = await createEmbeddedStore({ dir });
const stored = await createKeyStore(store, { current: pepper });
// Other accounts' keys in the store, so the lookup is not in a near-empty collection.
for (let i = 0; i < 200; i++) await stored.createAccount(`Other ${i}`);
const { keys } = await stored.createAccount("Bench");
const secret = keys[0]!.secret;

async function cpuMsPerVerify(keyStore: KeyStore): Promise<number> {
  for (let i = 0; i < 500; i++) await keyStore.verify(secret); // warm-up
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) await keyStore.verify(secret);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / count;
}

for (let round = 1; round <= 3; round++) {
  const off = await cpuMsPerVerify(stored);
  const on = await cpuMsPerVerify(
    withVerifiedKeyCache(stored, createVerifiedKeyCache({ maxEntries: 10_000, maxAgeMs: 60_000 }), pepper),
  );
  console.log(
    `round ${round}: cache off ${off.toFixed(4)} ms CPU per verification, cache on ${on.toFixed(4)} ms (${count} verifications each)`,
  );
}
await store.close();
await rm(dir, { recursive: true, force: true });
