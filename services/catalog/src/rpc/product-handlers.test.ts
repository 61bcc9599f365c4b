// BatchGetProducts: calc-engine's one catalog call per order.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Code, ConnectError, createClient, createRouterTransport, type Interceptor } from "@connectrpc/connect";
import { isTaxCategory, toConnectError } from "@levy/kit";
import { CatalogService } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import { createEmbeddedStore, type Store } from "@levy/storage";
import { afterEach, describe, expect, it } from "vitest";
import { createProductStore } from "../adapters/product-store.js";
import { maxBatchProducts, productHandlers } from "./product-handlers.js";

const scope = { accountId: "acct_batch", livemode: false };
/** What rpc-server.ts does with a thrown LevyError: the matching Connect code. */
const asConnectErrors: Interceptor = (next) => async (request) => {
  try {
    return await next(request);
  } catch (error) {
    throw toConnectError(error);
  }
};

describe("BatchGetProducts", () => {
  let dir = "";
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function catalog() {
    dir = mkdtempSync(path.join(tmpdir(), "levy-batch-"));
    store = await createEmbeddedStore({ dir });
    const products = await createProductStore(store, async (code) => isTaxCategory(code));
    const transport = createRouterTransport((router) => router.service(CatalogService, productHandlers(products)), {
      router: { interceptors: [asConnectErrors] },
    });
    return createClient(CatalogService, transport);
  }

  it("answers the live products among the ids, each once, and leaves out missing and deleted ones", async () => {
    const client = await catalog();
    for (const id of ["p-1", "p-2", "p-3"])
      await client.upsertProduct({
        scope,
        referenceProductId: id,
        referenceProductName: id,
        productCategory: "BOOKS_PRINTED",
      });
    await client.deleteProduct({ scope, referenceProductId: "p-3" });
    const { products } = await client.batchGetProducts({
      scope,
      referenceProductIds: ["p-2", "p-1", "p-2", "p-3", "nope"],
    });
    expect(products.map((product) => [product.referenceProductId, product.productCategory]).sort()).toEqual([
      ["p-1", "BOOKS_PRINTED"],
      ["p-2", "BOOKS_PRINTED"],
    ]);
    // Another account sees none of them.
    expect(
      (
        await client.batchGetProducts({
          scope: { accountId: "acct_other", livemode: false },
          referenceProductIds: ["p-1"],
        })
      ).products,
    ).toEqual([]);
  });

  it("refuses more ids than an order has lines", async () => {
    const client = await catalog();
    const ids = Array.from({ length: maxBatchProducts + 1 }, (_, index) => `p-${index}`);
    const error = await client.batchGetProducts({ scope, referenceProductIds: ids }).catch((caught: unknown) => caught);
    expect(ConnectError.from(error).code).toBe(Code.InvalidArgument);
  });
});
