// A seller on a platform, and catalog's rules about merchants. Soft deleted: afterwards
// it is gone from get and list and its reference_merchant_id may be used again;
// reference_merchant_id is unique among live merchants and never changes.
import { type AddressFields, countryCodeProblem, hasIdForm, invalidField, newId } from "@levy/kit";
import type { TaxId } from "./tax-id.js";

/** Stored normalised (trimmed; country and province upper case). */
export type MerchantAddress = AddressFields;

/** A default_address as stored: normalised, its country a known ISO code. */
export function merchantAddress(fields: AddressFields): MerchantAddress {
  const country = fields.address_country.trim().toUpperCase();
  const problem = countryCodeProblem(country);
  if (problem) throw invalidField("default_address.address_country", `default_address.address_country: ${problem}`);
  return {
    address_line_1: fields.address_line_1.trim(),
    address_line_2: fields.address_line_2.trim(),
    address_city: fields.address_city.trim(),
    address_province: fields.address_province.trim().toUpperCase(),
    address_postal_code: fields.address_postal_code.trim(),
    address_country: country,
    address_type: fields.address_type.trim(),
  };
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

export interface NewMerchant {
  readonly reference_merchant_id: string;
  readonly name: string;
  readonly email: string | null;
  readonly default_address: MerchantAddress | null;
  readonly tax_ids: TaxId[];
}

export interface MerchantChanges {
  readonly name?: string | undefined;
  readonly email?: string | undefined;
  readonly default_address?: MerchantAddress | undefined;
  readonly tax_ids?: TaxId[] | undefined;
}

export function newMerchantRecord(input: NewMerchant, now: number): MerchantRecord {
  return { id: newId("merch"), ...input, created_at: now, updated_at: now, deleted_at: null };
}

/** The key no two live merchants of one account and mode may share. */
export function merchantUniqueKey(referenceMerchantId: string): string {
  return `ref:${referenceMerchantId}`;
}

/** The supplied fields to write, or null when none differs from the stored value. */
export function changedMerchantFields(
  current: MerchantRecord,
  changes: MerchantChanges,
): Partial<MerchantRecord> | null {
  const set: Partial<MerchantRecord> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.email !== undefined) set.email = changes.email;
  if (changes.default_address !== undefined) set.default_address = changes.default_address;
  if (changes.tax_ids !== undefined) set.tax_ids = changes.tax_ids;
  const changed = Object.entries(set).some(
    ([field, value]) => JSON.stringify(value) !== JSON.stringify(current[field as keyof MerchantRecord]),
  );
  return changed ? set : null;
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
