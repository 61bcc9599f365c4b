// Customers of one account and mode: creation with unique e-mail and reference id,
// lookup by either id form, and creation-ordered listing that skips deleted ones.
import { LevyError, epochSeconds } from "@levy/kit";
import { StorageError, type Collection, type Scope, type Store, type Stored } from "@levy/storage";
import { textMatches } from "./list-filters.js";
import {
  type CustomerChanges,
  type CustomerRecord,
  type NewCustomer,
  assertCustomerFields,
  changedCustomerFields,
  customerUniqueKeys,
  isServiceCustomerId,
  newCustomerRecord,
} from "../domain/customer.js";
import { type ClaimOutcome, type ClaimRecord, type Claimant, createUniqueClaims } from "./unique-claims.js";

/** What a customer listing may be narrowed to (all given filters apply). */
export interface CustomerFilters {
  /** The whole e-mail address, ignoring case (as uniqueness compares it). */
  readonly email?: string | undefined;
  /** The start of the name, ignoring case. */
  readonly namePrefix?: string | undefined;
  readonly isTaxExempt?: boolean | undefined;
}

export interface CustomerStore {
  create(scope: Scope, input: NewCustomer): Promise<Stored<CustomerRecord>>;
  /** By service id or reference_customer_id; deleted customers are not found. */
  find(scope: Scope, customerId: string): Promise<Stored<CustomerRecord>>;
  list(
    scope: Scope,
    limit: number,
    cursor: string | undefined,
    filters?: CustomerFilters,
  ): Promise<{ items: Stored<CustomerRecord>[]; nextCursor: string | null }>;
  /** Applies only the supplied fields; when nothing would change, writes nothing. */
  update(scope: Scope, customerId: string, changes: CustomerChanges): Promise<Stored<CustomerRecord>>;
  /** Soft delete: the customer disappears and its e-mail and reference id become free. */
  delete(scope: Scope, customerId: string): Promise<Stored<CustomerRecord>>;
}

export async function createCustomerStore(store: Store): Promise<CustomerStore> {
  const customers: Collection<CustomerRecord> = await store.collection<CustomerRecord>({
    name: "customers",
    indexes: [{ name: "customers_reference", fields: ["reference_customer_id"] }],
  });
  const claims = createUniqueClaims(await store.collection<ClaimRecord>({ name: "customer_unique_keys" }));

  const live = async (scope: Scope, id: string) => {
    const customer = await customers.get(scope, id);
    return customer !== null && customer.deleted_at === null;
  };

  /** A customer claims its keys with the facts error_meta must show to a loser. */
  const claimantOf = (record: CustomerRecord): Claimant => ({
    id: record.id,
    facts: { reference_customer_id: record.reference_customer_id, email: record.email },
  });

  /**
   * Names the other customer (spec rule 3): from its record once that holds the key, else
   * from its claim, because its create or update is still being written.
   */
  async function duplicateError(scope: Scope, taken: Extract<ClaimOutcome, { ok: false }>): Promise<LevyError> {
    const owner = await customers.get(scope, taken.ownerId);
    const written = owner !== null && owner.deleted_at === null && customerUniqueKeys(owner).includes(taken.key);
    const facts = written ? owner : (taken.claimant ?? owner);
    // "" is an absent value; the gateway shows it as null, as in the customer object.
    return new LevyError("duplicate_customer", "a customer with this email or reference_customer_id already exists", {
      id: taken.ownerId,
      reference_customer_id: facts?.reference_customer_id ?? "",
      email: facts?.email ?? "",
    });
  }

  async function find(scope: Scope, customerId: string): Promise<Stored<CustomerRecord>> {
    const byId = isServiceCustomerId(customerId) ? await customers.get(scope, customerId) : null;
    const found = byId ?? (await customers.findOne(scope, { reference_customer_id: customerId, deleted_at: null }));
    if (!found || found.deleted_at !== null) throw new LevyError("customer_not_found", `no customer ${customerId}`);
    return found;
  }

  return {
    async create(scope, input) {
      assertCustomerFields(input);
      const record = newCustomerRecord(input, epochSeconds());
      const keys = customerUniqueKeys(record);
      const outcome = await claims.claim(scope, keys, claimantOf(record), (id) => live(scope, id));
      if (!outcome.ok) throw await duplicateError(scope, outcome);
      try {
        return await customers.insert(scope, record);
      } catch (error) {
        await claims.release(scope, keys, record.id);
        throw error;
      }
    },
    find,
    async update(scope, customerId, changes) {
      assertCustomerFields(changes);
      const current = await find(scope, customerId);
      const set = changedCustomerFields(current, changes);
      if (Object.keys(set).length === 0) return current;
      const next = { ...current, ...set };
      const oldKeys = customerUniqueKeys(current);
      const newKeys = customerUniqueKeys(next).filter((key) => !oldKeys.includes(key));
      const outcome = await claims.claim(scope, newKeys, claimantOf(next), (id) => live(scope, id));
      if (!outcome.ok) throw await duplicateError(scope, outcome);
      let updated: Stored<CustomerRecord>;
      try {
        updated = await customers.update(scope, current.id, {
          expectedVersion: current.version,
          set: { ...set, updated_at: epochSeconds() },
        });
      } catch (error) {
        await claims.release(scope, newKeys, current.id);
        throw conflictToRetry(error);
      }
      const freed = oldKeys.filter((key) => !customerUniqueKeys(updated).includes(key));
      await claims.release(scope, freed, current.id);
      return updated;
    },
    async delete(scope, customerId) {
      const current = await find(scope, customerId);
      const deleted = await customers
        .update(scope, current.id, { expectedVersion: current.version, set: { deleted_at: epochSeconds() } })
        .catch((error: unknown) => {
          throw conflictToRetry(error);
        });
      await claims.release(scope, customerUniqueKeys(current), current.id);
      return deleted;
    },
    async list(scope, limit, cursor, filters = {}) {
      const page = await customers.list(scope, {
        where: {
          deleted_at: null,
          ...(filters.isTaxExempt === undefined ? {} : { is_tax_exempt: filters.isTaxExempt }),
        },
        text: textMatches(filters),
        limit,
        ...(cursor ? { cursor } : {}),
      });
      return { items: page.items, nextCursor: page.nextCursor };
    },
  };
}

/** A concurrent write won the race: the client should re-read and retry. */
function conflictToRetry(error: unknown): unknown {
  if (error instanceof StorageError && error.code === "conflict") {
    return new LevyError("conflict", "the customer was changed by another request at the same time; retry");
  }
  return error;
}
