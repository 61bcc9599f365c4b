// Product RPCs.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import { invalidField, scopeFrom, pageSize } from "@levy/kit";
import type { CatalogService, ProductSchema } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type { Scope, Stored } from "@levy/storage";
import type { ProductStore } from "../adapters/product-store.js";
import type { ProductRecord } from "../domain/product.js";
import { withCursorErrors } from "./paging.js";

type ProductHandlers = Pick<
  ServiceImpl<typeof CatalogService>,
  "upsertProduct" | "getProduct" | "batchGetProducts" | "listProducts" | "deleteProduct"
>;

/** Most ids one BatchGetProducts may name: an order's most lines. */
export const maxBatchProducts = 1000;

function productMessage(record: Stored<ProductRecord>, scope: Scope): MessageInitShape<typeof ProductSchema> {
  return {
    referenceProductId: record.id,
    referenceProductName: record.reference_product_name,
    productCategory: record.product_category,
    createdAt: BigInt(record.created_at),
    updatedAt: BigInt(record.updated_at),
    livemode: scope.livemode,
  };
}

export function productHandlers(products: ProductStore): ProductHandlers {
  return {
    upsertProduct: async (request) => {
      const scope = scopeFrom(request.scope);
      const { product, created } = await products.upsert(scope, {
        reference_product_id: request.referenceProductId,
        reference_product_name: request.referenceProductName,
        product_category: request.productCategory,
      });
      return { product: productMessage(product, scope), created };
    },
    getProduct: async (request) => {
      const scope = scopeFrom(request.scope);
      return { product: productMessage(await products.get(scope, request.referenceProductId), scope) };
    },
    batchGetProducts: async (request) => {
      if (request.referenceProductIds.length > maxBatchProducts) {
        throw invalidField("reference_product_ids", `at most ${maxBatchProducts} reference_product_ids per call`);
      }
      const scope = scopeFrom(request.scope);
      const found = await products.getLive(scope, request.referenceProductIds);
      return { products: found.map((record) => productMessage(record, scope)) };
    },
    listProducts: async (request) => {
      const scope = scopeFrom(request.scope);
      const page = await withCursorErrors(products.list(scope, pageSize(request.limit), request.cursor || undefined));
      return { products: page.items.map((record) => productMessage(record, scope)), nextCursor: page.nextCursor ?? "" };
    },
    deleteProduct: async (request) => {
      const scope = scopeFrom(request.scope);
      const deleted = await products.delete(scope, request.referenceProductId);
      return { deletedAt: BigInt(deleted.deleted_at ?? 0) };
    },
  };
}
