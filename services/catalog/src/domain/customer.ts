// The customer record and the pure rules about its fields.
import { hasIdForm, invalidField } from "@levy/kit";
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
