import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { create } from "@bufbuild/protobuf";
import { createLogger } from "@levy/kit";
import { CalculationSchema } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { createEmbeddedStore, type Store } from "@levy/storage";
import { afterEach, describe, expect, it } from "vitest";
import { startCalculationPurge } from "./calculation-purge.js";
import { createCalculationStore } from "./calculation-store.js";

const day = 24 * 3600;
const now = 1_800_000_000;
const scopes = [
  { accountId: "acct_a", livemode: true },
  { accountId: "acct_b", livemode: false },
];
const calculation = (id: string, expiresAt: number) =>
  create(CalculationSchema, { id, createdAt: BigInt(expiresAt - 90 * day), expiresAt: BigInt(expiresAt) });

describe("purging expired calculations", () => {
  let dir = "";
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads a calculation stored here lately without reading the store", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "levy-recent-"));
    store = await createEmbeddedStore({ dir });
    let reads = 0;
    const counting: Store = {
      ...store,
      collection: async (spec) => {
        const collection = await store!.collection(spec);
        const get: typeof collection.get = (scope, id) => {
          reads += 1;
          return collection.get(scope, id);
        };
        return { ...collection, get };
      },
    };
    const stored = await createCalculationStore(counting);
    await stored.save(scopes[0]!, calculation("calc_fresh", now + day));
    expect((await stored.get(scopes[0]!, "calc_fresh"))?.id).toBe("calc_fresh");
    expect(reads).toBe(0);
    // Another account's calculation of the same id is not this one: it is read, and absent.
    expect(await stored.get(scopes[1]!, "calc_fresh")).toBeNull();
    expect(reads).toBe(1);
    // Another replica (a store of its own over the same data) reads the record.
    const elsewhere = await createCalculationStore(store);
    expect((await elsewhere.get(scopes[0]!, "calc_fresh"))?.id).toBe("calc_fresh");
  });

  it("deletes, in every account, only calculations past expiry plus the retention period", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "levy-purge-"));
    store = await createEmbeddedStore({ dir });
    const calculations = await createCalculationStore(store);
    for (const scope of scopes) {
      await calculations.save(scope, calculation("calc_long_gone", now - 31 * day));
      await calculations.save(scope, calculation("calc_recently_expired", now - 29 * day));
      await calculations.save(scope, calculation("calc_valid", now + day));
    }
    const purge = startCalculationPurge({
      store: calculations,
      logger: createLogger({ service: "test", level: "silent" }),
      intervalMs: 3_600_000,
      retainAfterExpirySeconds: 30 * day,
      now: () => now,
    });
    expect(await purge.runOnce()).toBe(2);
    for (const scope of scopes) {
      expect(await calculations.get(scope, "calc_long_gone")).toBeNull();
      // Still there: recording it answers calculation_expired, not calculation_not_found.
      expect(await calculations.get(scope, "calc_recently_expired")).not.toBeNull();
      expect(await calculations.get(scope, "calc_valid")).not.toBeNull();
    }
    expect(await purge.runOnce()).toBe(0);
    await purge.stop();
  });
});
