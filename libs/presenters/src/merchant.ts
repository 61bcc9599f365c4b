// The public merchant (a seller on a platform; `object` = `tax.merchant`) and its request
// bodies.
import { calculationLimits, identifierText, textLimits } from "@levy/kit";
import type { Merchant as MerchantMessage } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import { z } from "zod";
import { addressBody, addressSchema, presentAddress, taxIdBody, taxIdSchema } from "./address.js";
import { listQuery, nameAndEmailFilters } from "./list.js";

export const merchantSchema = z.object({
  object: z.literal("tax.merchant"),
  id: z.string(),
  reference_merchant_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  default_address: addressSchema.nullable(),
  tax_ids: z.array(taxIdSchema),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  testmode: z.boolean(),
});
export type Merchant = z.infer<typeof merchantSchema>;

const fields = {
  name: z.string().trim().min(1).max(textLimits.name),
  email: z.string().trim().max(textLimits.email),
  tax_ids: z.array(taxIdBody).max(calculationLimits.maxTaxIds),
};

export const createMerchantBody = z.strictObject({
  reference_merchant_id: identifierText(),
  name: fields.name,
  email: fields.email.optional(),
  default_address: addressBody.optional(),
  tax_ids: fields.tax_ids.default([]),
});

export const updateMerchantBody = z.strictObject({
  name: fields.name.optional(),
  email: fields.email.optional(),
  default_address: addressBody.optional(),
  tax_ids: fields.tax_ids.optional(),
});

/** GET /tax/merchants: paging and filters; an unknown parameter is refused, never ignored. */
export const merchantListQuery = z.strictObject({ ...listQuery.shape, ...nameAndEmailFilters });

export function presentMerchant(merchant: MerchantMessage): Merchant {
  return {
    object: "tax.merchant",
    id: merchant.id,
    reference_merchant_id: merchant.referenceMerchantId,
    name: merchant.name,
    email: merchant.email || null,
    default_address: presentAddress(merchant.defaultAddress),
    tax_ids: merchant.taxIds.map((taxId) => ({ type: taxId.type, value: taxId.value })),
    created_at: Number(merchant.createdAt),
    updated_at: Number(merchant.updatedAt),
    testmode: !merchant.livemode,
  };
}
