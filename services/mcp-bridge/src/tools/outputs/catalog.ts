// Merchants, products and customers as the tools return them: the REST API's shapes.
import { z } from "zod";
import type { Customer, Merchant, Product } from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import { addressOutput, presentAddress } from "./common.js";

export const merchantOutput = z.object({
  object: z.literal("tax.merchant"),
  id: z.string(),
  reference_merchant_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  default_address: addressOutput.nullable(),
  tax_ids: z.array(z.object({ type: z.string(), value: z.string() })),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  testmode: z.boolean(),
});

export function presentMerchant(merchant: Merchant): z.input<typeof merchantOutput> {
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

export const productOutput = z.object({
  object: z.literal("tax.product"),
  reference_product_id: z.string(),
  reference_product_name: z.string(),
  product_category: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  testmode: z.boolean(),
});

export function presentProduct(product: Product): z.input<typeof productOutput> {
  return {
    object: "tax.product",
    reference_product_id: product.referenceProductId,
    reference_product_name: product.referenceProductName,
    product_category: product.productCategory,
    created_at: Number(product.createdAt),
    updated_at: Number(product.updatedAt),
    testmode: !product.livemode,
  };
}

export const customerOutput = z.object({
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

export function presentCustomer(customer: Customer): z.input<typeof customerOutput> {
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
