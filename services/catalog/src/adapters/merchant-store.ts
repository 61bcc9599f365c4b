// Merchants of one account and mode (rules in domain/merchant.ts). The unique
// reference_merchant_id is enforced with the same claim records as customers.
import { LevyError, epochSeconds } from "@levy/kit";
import { StorageError, type Collection, type Scope, type Store, type Stored } from "@levy/storage";
import { textMatches } from "./list-filters.js";
import {
  type MerchantChanges,
  type MerchantRecord,
  type NewMerchant,
  changedMerchantFields,
  isServiceMerchantId,
  merchantUniqueKey,
  newMerchantRecord,
} from "../domain/merchant.js";
import { type ClaimRecord, createUniqueClaims } from "./unique-claims.js";

/** What a merchant listing may be narrowed to: the whole e-mail and the start of the name, ignoring case. */
export interface MerchantFilters {
  readonly email?: string | undefined;
  readonly namePrefix?: string | undefined;
}

export interface MerchantStore {
  create(scope: Scope, input: NewMerchant): Promise<Stored<MerchantRecord>>;
  find(scope: Scope, merchantId: string): Promise<Stored<MerchantRecord>>;
  list(
    scope: Scope,
    limit: number,
    cursor: string | undefined,
    filters?: MerchantFilters,
  ): Promise<{ items: Stored<MerchantRecord>[]; nextCursor: string | null }>;
  update(scope: Scope, merchantId: string, changes: MerchantChanges): Promise<Stored<MerchantRecord>>;
  delete(scope: Scope, merchantId: string): Promise<Stored<MerchantRecord>>;
}

export async function createMerchantStore(store: Store): Promise<MerchantStore> {
  const merchants: Collection<MerchantRecord> = await store.collection<MerchantRecord>({
    name: "merchants",
    indexes: [{ name: "merchants_reference", fields: ["reference_merchant_id"] }],
  });
  const claims = createUniqueClaims(await store.collection<ClaimRecord>({ name: "merchant_unique_keys" }));
  const live = async (scope: Scope, id: string) => (await merchants.get(scope, id))?.deleted_at === null;

  async function find(scope: Scope, merchantId: string): Promise<Stored<MerchantRecord>> {
    const byId = isServiceMerchantId(merchantId) ? await merchants.get(scope, merchantId) : null;
    const found = byId ?? (await merchants.findOne(scope, { reference_merchant_id: merchantId, deleted_at: null }));
    if (!found || found.deleted_at !== null)
      throw new LevyError("merchant_not_found", `no merchant ${merchantId.slice(0, 100)}`);
    return found;
  }

  function retryable(error: unknown): unknown {
    return error instanceof StorageError && error.code === "conflict"
      ? new LevyError("conflict", "the merchant was changed by another request at the same time; retry")
      : error;
  }

  return {
    async create(scope, input) {
      const record = newMerchantRecord(input, epochSeconds());
      const keys = [merchantUniqueKey(input.reference_merchant_id)];
      const outcome = await claims.claim(
        scope,
        keys,
        { id: record.id, facts: { reference_merchant_id: record.reference_merchant_id } },
        (id) => live(scope, id),
      );
      if (!outcome.ok) {
        throw new LevyError("duplicate_reference_id", "A merchant with this reference ID already exists.", {
          id: outcome.ownerId,
          reference_merchant_id: input.reference_merchant_id,
        });
      }
      try {
        return await merchants.insert(scope, record);
      } catch (error) {
        await claims.release(scope, keys, record.id);
        throw error;
      }
    },
    find,
    async list(scope, limit, cursor, filters = {}) {
      const page = await merchants.list(scope, {
        where: { deleted_at: null },
        text: textMatches(filters),
        limit,
        ...(cursor ? { cursor } : {}),
      });
      return { items: page.items, nextCursor: page.nextCursor };
    },
    async update(scope, merchantId, changes) {
      const current = await find(scope, merchantId);
      const set = changedMerchantFields(current, changes);
      if (!set) return current;
      return merchants
        .update(scope, current.id, { expectedVersion: current.version, set: { ...set, updated_at: epochSeconds() } })
        .catch((error: unknown) => {
          throw retryable(error);
        });
    },
    async delete(scope, merchantId) {
      const current = await find(scope, merchantId);
      const deleted = await merchants
        .update(scope, current.id, { expectedVersion: current.version, set: { deleted_at: epochSeconds() } })
        .catch((error: unknown) => {
          throw retryable(error);
        });
      await claims.release(scope, [merchantUniqueKey(current.reference_merchant_id)], current.id);
      return deleted;
    },
  };
}
