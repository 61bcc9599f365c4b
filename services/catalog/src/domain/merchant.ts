// A seller on a platform. Soft deleted: afterwards it is gone from get and list and
// its reference_merchant_id may be used again.
import { hasIdForm, invalidField } from "@levy/kit";
import type { TaxId } from "./tax-id.js";

export interface MerchantAddress {
  address_line_1: string;
  address_line_2: string;
  address_city: string;
  address_province: string;
  address_postal_code: string;
  address_country: string;
  address_type: string;
}

export interface MerchantRecord {
  id: string;
  reference_merchant_id: string;
  name: string;
  email: string | null;
  default_address: MerchantAddress | null;
  tax_ids: TaxId[];
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export function isServiceMerchantId(value: string): boolean {
  return hasIdForm("merch", value);
}

/**
 * A reference id in a service-id form would make a path or tool id name two merchants, so
 * it is refused: `merch_…` (what Levy issues) and `mer_…` (the agent-tool spelling in the
 * spec, which Levy does not issue but an agent may be told to expect).
 */
export function assertReferenceMerchantId(reference: string): void {
  if (isServiceMerchantId(reference) || hasIdForm("mer", reference)) {
    throw invalidField(
      "reference_merchant_id",
      "reference_merchant_id must not have the form of a merchant ID (merch_ or mer_ and 20 letters or digits)",
    );
  }
}
