// A product of the caller's catalogue, keyed by the caller's reference_product_id
// (unique per account and mode), with the tax category that decides its taxability, and
// catalog's rules about products: posting an existing reference updates its name and
// category, and a deleted product's reference can be created again.
import { invalidField } from "@levy/kit";

export interface ProductInput {
  readonly reference_product_id: string;
  readonly reference_product_name: string;
  readonly product_category: string;
}

export interface ProductRecord {
  /** The reference_product_id: the caller's key is the record's key. */
  id: string;
  reference_product_name: string;
  product_category: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export function newProductRecord(input: ProductInput, now: number): ProductRecord {
  return {
    id: input.reference_product_id,
    reference_product_name: input.reference_product_name,
    product_category: input.product_category,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
}

/**
 * What posting `input` over the stored product writes: nothing when it is live and the
 * same; otherwise the new name and category, and a deleted one comes back as created now.
 */
export function productRepost(
  stored: ProductRecord,
  input: ProductInput,
  now: number,
): { set: Partial<ProductRecord>; created: boolean } | null {
  const revived = stored.deleted_at !== null;
  const unchanged =
    !revived &&
    stored.reference_product_name === input.reference_product_name &&
    stored.product_category === input.product_category;
  if (unchanged) return null;
  return {
    set: {
      reference_product_name: input.reference_product_name,
      product_category: input.product_category,
      updated_at: now,
      deleted_at: null,
      ...(revived ? { created_at: now } : {}),
    },
    created: revived,
  };
}

/** A product's category must be one of the shared tax categories. */
export function unknownCategory(code: string): Error {
  return invalidField(
    "product_category",
    `"${code.slice(0, 60)}" is not a known tax category; see list_tax_categories`,
  );
}
