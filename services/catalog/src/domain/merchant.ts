// A seller on a platform. Soft deleted: afterwards it is gone from get and list and
// its reference_merchant_id may be used again.
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
  return /^merch_[A-Za-z0-9]{20}$/.test(value);
}
