// The public customer (`object` = `tax.customer`) and its request bodies; unset optional
// fields are null.
import { identifierText, textLimits } from "@levy/kit";
import type { Customer as CustomerMessage } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import { z } from "zod";
import { booleanParam, listQuery, nameAndEmailFilters } from "./list.js";

export const customerSchema = z.object({
  object: z.literal("tax.customer"),
  id: z.string(),
  reference_customer_id: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  is_tax_exempt: z.boolean(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  testmode: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;

const fields = {
  reference_customer_id: identifierText(),
  name: z.string().trim().max(textLimits.name),
  email: z.string().trim().max(textLimits.email),
  is_tax_exempt: z.boolean(),
};

export const createCustomerBody = z.strictObject({
  reference_customer_id: fields.reference_customer_id.optional(),
  name: fields.name.optional(),
  email: fields.email.optional(),
  is_tax_exempt: fields.is_tax_exempt.default(false),
});

/** All optional; the gateway asks for at least one. */
export const updateCustomerBody = z.strictObject({
  reference_customer_id: fields.reference_customer_id.optional(),
  name: fields.name.optional(),
  email: fields.email.optional(),
  is_tax_exempt: fields.is_tax_exempt.optional(),
});

const exemptFilter = "only tax-exempt customers (true) or only the others (false)";

/** GET /tax/customers' filters as tool arguments; the query below reads them from text. */
export const customerListFilters = {
  ...nameAndEmailFilters,
  is_tax_exempt: z.boolean().optional().describe(exemptFilter),
};

/** GET /tax/customers: paging and filters; an unknown parameter is refused, never ignored. */
export const customerListQuery = z.strictObject({
  ...listQuery.shape,
  ...nameAndEmailFilters,
  is_tax_exempt: booleanParam.optional().describe(exemptFilter),
});

export function presentCustomer(customer: CustomerMessage): Customer {
  return {
    object: "tax.customer",
    id: customer.id,
    reference_customer_id: customer.referenceCustomerId || null,
    name: customer.name || null,
    email: customer.email || null,
    is_tax_exempt: customer.isTaxExempt,
    created_at: Number(customer.createdAt),
    updated_at: Number(customer.updatedAt),
    testmode: !customer.livemode,
  };
}
