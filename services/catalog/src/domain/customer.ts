// The customer record and catalog's rules about customers: valid fields, the keys that
// must be unique (e-mail ignoring case, reference id) and what an update changes.
import { LevyError, hasIdForm, invalidField, newId } from "@levy/kit";
import { z } from "zod";

export interface CustomerRecord {
  id: string;
  reference_customer_id: string | null;
  name: string | null;
  email: string | null;
  is_tax_exempt: boolean;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface NewCustomer {
  readonly reference_customer_id?: string | undefined;
  readonly name?: string | undefined;
  readonly email?: string | undefined;
  readonly is_tax_exempt: boolean;
}

export interface CustomerChanges {
  readonly reference_customer_id?: string | undefined;
  readonly name?: string | undefined;
  readonly email?: string | undefined;
  readonly is_tax_exempt?: boolean | undefined;
}

const emailSchema = z.email();

export function isValidEmail(value: string): boolean {
  return value.length <= 320 && emailSchema.safeParse(value).success;
}

/** Uniqueness of e-mail addresses ignores case: A@x.com and a@x.com are one person. */
export function emailKey(email: string): string {
  return `email:${email.toLowerCase()}`;
}

export function referenceKey(referenceCustomerId: string): string {
  return `ref:${referenceCustomerId}`;
}

export function isServiceCustomerId(value: string): boolean {
  return hasIdForm("cust", value);
}

/**
 * A reference id in the service-id form would make a path id (`/tax/customers/{id}`) name
 * two customers, and lookups prefer the service id, so it is refused.
 */
export function assertReferenceCustomerId(reference: string | undefined): void {
  if (reference !== undefined && isServiceCustomerId(reference)) {
    throw invalidField(
      "reference_customer_id",
      "reference_customer_id must not have the form of a customer ID (cust_ and 20 letters or digits)",
    );
  }
}

/** The fields a create or update supplies: a valid e-mail, a reference id not in service-id form. */
export function assertCustomerFields(fields: CustomerChanges): void {
  if (fields.email !== undefined && !isValidEmail(fields.email)) {
    throw new LevyError("invalid_email", "email is not a valid e-mail address", { field: "email" });
  }
  assertReferenceCustomerId(fields.reference_customer_id);
}

export function newCustomerRecord(input: NewCustomer, now: number): CustomerRecord {
  return {
    id: newId("cust"),
    reference_customer_id: input.reference_customer_id ?? null,
    name: input.name ?? null,
    email: input.email ?? null,
    is_tax_exempt: input.is_tax_exempt,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
}

/** The keys no two live customers of one account and mode may share. */
export function customerUniqueKeys(record: Pick<CustomerRecord, "email" | "reference_customer_id">): string[] {
  return [
    ...(record.email ? [emailKey(record.email)] : []),
    ...(record.reference_customer_id ? [referenceKey(record.reference_customer_id)] : []),
  ];
}

/** The supplied fields whose value differs from the stored one. */
export function changedCustomerFields(current: CustomerRecord, changes: CustomerChanges): Partial<CustomerRecord> {
  const set: Partial<CustomerRecord> = {};
  if (changes.reference_customer_id !== undefined && changes.reference_customer_id !== current.reference_customer_id) {
    set.reference_customer_id = changes.reference_customer_id;
  }
  if (changes.name !== undefined && changes.name !== current.name) set.name = changes.name;
  if (changes.email !== undefined && changes.email !== current.email) set.email = changes.email;
  if (changes.is_tax_exempt !== undefined && changes.is_tax_exempt !== current.is_tax_exempt)
    set.is_tax_exempt = changes.is_tax_exempt;
  return set;
}
