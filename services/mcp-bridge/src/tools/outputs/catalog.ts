// The output schemas of merchants, products and customers: the REST API's shapes, as
// @levy/presenters builds them.
import { z } from "zod";
import { addressOutput } from "./common.js";

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

export const productOutput = z.object({
  object: z.literal("tax.product"),
  reference_product_id: z.string(),
  reference_product_name: z.string(),
  product_category: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  testmode: z.boolean(),
});

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
