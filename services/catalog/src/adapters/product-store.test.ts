// Concurrent writes of one product: the version races that FerretDB's marker protocol
// makes likely end in the newest write or a retryable conflict, never an internal error.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LevyError, isTaxCategory } from "@levy/kit";
import { type Collection, StorageError, type Store, createEmbeddedStore } from "@levy/storage";
import { afterEach, describe, expect, it } from "vitest";
import { createProductStore } from "./product-store.js";

const scope = { accountId: "acct_race", livemode: false };
const input = (name: string) => ({
  reference_product_id: "p-1",
  reference_product_name: name,
  product_category: "BOOKS_PRINTED",
});

/** The store, with its next `conflicts` updates lost to an imagined concurrent writer. */
function losingRaces(store: Store, conflicts: { left: number }): Store {
  return {
    ...store,
    writesLandInIssueOrder: store.writesLandInIssueOrder,
    async collection<T extends { id: string }>(spec: Parameters<Store["collection"]>[0]) {
      const inner: Collection<T> = await store.collection<T>(spec);
      return {
        ...inner,
        update: async (...args: Parameters<Collection<T>["update"]>) => {
          if (conflicts.left > 0) {
            conflicts.left -= 1;
            throw new StorageError("conflict", "another writer holds this version");
          }
          return inner.update(...args);
        },
      };
    },
  };
}

describe("product store under concurrent writers", () => {
  let dir = "";
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function products(conflicts: { left: number }) {
    dir = mkdtempSync(path.join(tmpdir(), "levy-product-race-"));
    store = await createEmbeddedStore({ dir });
    return createProductStore(losingRaces(store, conflicts), async (code) => isTaxCategory(code));
  }

  it("an update that loses several races in a row still lands", async () => {
    const conflicts = { left: 0 };
    const store = await products(conflicts);
    await store.upsert(scope, input("first"));
    conflicts.left = 3;
    const { product } = await store.upsert(scope, input("second"));
    expect(product.reference_product_name).toBe("second");
    expect((await store.get(scope, "p-1")).reference_product_name).toBe("second");
  });

  it("a write that keeps losing is a retryable conflict, not an internal error", async () => {
    const conflicts = { left: 0 };
    const store = await products(conflicts);
    await store.upsert(scope, input("first"));
    conflicts.left = 1_000;
    const failure = await store.upsert(scope, input("second")).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LevyError);
    expect((failure as LevyError).code).toBe("conflict");
    conflicts.left = 0;
    expect((await store.get(scope, "p-1")).reference_product_name).toBe("first");
  });
});
