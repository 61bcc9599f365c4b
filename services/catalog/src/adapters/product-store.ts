// Products of one account and mode, keyed by reference_product_id (rules in
// domain/product.ts); concurrent posts of one reference retry their version races.
import { LevyError, epochSeconds } from "@levy/kit";
import { type Collection, type Scope, type Store, type Stored, isConflict, retryOnConflict } from "@levy/storage";
import {
  type ProductInput,
  type ProductRecord,
  newProductRecord,
  productRepost,
  unknownCategory,
} from "../domain/product.js";

export interface ProductStore {
  upsert(scope: Scope, input: ProductInput): Promise<{ product: Stored<ProductRecord>; created: boolean }>;
  get(scope: Scope, referenceProductId: string): Promise<Stored<ProductRecord>>;
  /** The live products among `referenceProductIds`; missing or deleted ones are left out. */
  getLive(scope: Scope, referenceProductIds: readonly string[]): Promise<Stored<ProductRecord>[]>;
  list(
    scope: Scope,
    limit: number,
    cursor: string | undefined,
  ): Promise<{ items: Stored<ProductRecord>[]; nextCursor: string | null }>;
  delete(scope: Scope, referenceProductId: string): Promise<Stored<ProductRecord>>;
}

/** Still losing version races after the retries: the client may retry the whole request. */
function busyToRetry(error: unknown): never {
  if (isConflict(error))
    throw new LevyError("conflict", "the product was changed by other requests at the same time; retry");
  throw error;
}

export type CategoryCheck = (code: string) => Promise<boolean>;

export async function createProductStore(store: Store, isKnownCategory: CategoryCheck): Promise<ProductStore> {
  const products: Collection<ProductRecord> = await store.collection<ProductRecord>({ name: "products" });

  async function get(scope: Scope, referenceProductId: string): Promise<Stored<ProductRecord>> {
    const product = await products.get(scope, referenceProductId);
    if (!product || product.deleted_at !== null) {
      throw new LevyError(
        "PRODUCT_NOT_FOUND",
        `no product with reference_product_id ${referenceProductId.slice(0, 100)}`,
      );
    }
    return product;
  }

  async function upsertOnce(scope: Scope, input: ProductInput) {
    const now = epochSeconds();
    const { inserted, record } = await products.insertIfAbsent(scope, newProductRecord(input, now));
    if (inserted) return { product: record, created: true };
    const repost = productRepost(record, input, now);
    if (!repost) return { product: record, created: false };
    const product = await products.update(scope, record.id, { expectedVersion: record.version, set: repost.set });
    return { product, created: repost.created };
  }

  return {
    async upsert(scope, input) {
      if (!(await isKnownCategory(input.product_category))) throw unknownCategory(input.product_category);
      // Concurrent upserts of one reference: the loser of a version race reads again and retries.
      return retryOnConflict(() => upsertOnce(scope, input)).catch(busyToRetry);
    },
    get,
    async getLive(scope, referenceProductIds) {
      const found = await Promise.all([...new Set(referenceProductIds)].map((id) => products.get(scope, id)));
      return found.filter(
        (product): product is Stored<ProductRecord> => product !== null && product.deleted_at === null,
      );
    },
    async list(scope, limit, cursor) {
      const page = await products.list(scope, { where: { deleted_at: null }, limit, ...(cursor ? { cursor } : {}) });
      return { items: page.items, nextCursor: page.nextCursor };
    },
    async delete(scope, referenceProductId) {
      return retryOnConflict(async () => {
        const product = await get(scope, referenceProductId);
        return products.update(scope, product.id, {
          expectedVersion: product.version,
          set: { deleted_at: epochSeconds() },
        });
      }).catch(busyToRetry);
    },
  };
}
