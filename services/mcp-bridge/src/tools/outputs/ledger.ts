// The output schemas of transactions and refunds: the REST API's shapes, as
// @levy/presenters builds them (amounts in minor units; refund amounts negative).
import { z } from "zod";
import { addressOutput } from "./common.js";

const int = z.number().int();

const jurisdictionOutput = z.object({
  tax_rate: z.number(),
  tax_due_decimal: int,
  fee_amount: int,
  rate_type: z.string(),
  tax_authority_name: z.string(),
  tax_authority_type: z.string(),
  tax_type: z.string(),
  jurisdiction_name: z.string(),
  jurisdiction_id: z.string(),
});

const lineOutput = z.object({
  line_item_id: z.string(),
  product: z.object({
    reference_line_item_id: z.string(),
    reference_product_id: z.string(),
    reference_product_name: z.string(),
    product_tax_code: z.string(),
  }),
  tax_jurisdictions: z.array(jurisdictionOutput),
  tax_amount: int,
  amount_excluding_tax: int,
  amount_including_tax: int,
  quantity: int,
  refunded_amount_excluding_tax: int.optional(),
  refunded_tax_amount: int.optional(),
  refunded_quantity: int.optional(),
});

export const transactionOutput = z.object({
  id: z.string(),
  object: z.literal("tax.transaction"),
  type: z.string().describe("order (a sale) or fee (a platform fee)"),
  calculation_id: z.string(),
  reference_order_id: z.string(),
  reference_payment_id: z.string().optional(),
  customer_currency_code: z.string(),
  tax_included_in_amount: z.boolean(),
  line_items: z.array(lineOutput),
  total_tax_amount: int,
  total_amount_excluding_tax: int,
  total_amount_including_tax: int,
  refunded_tax_amount: int,
  refunded_amount_excluding_tax: int,
  customer: z.object({ type: z.string(), id: z.string().nullable(), reference_customer_id: z.string().nullable() }),
  merchant: z.object({ id: z.string(), reference_merchant_id: z.string() }).nullable().optional(),
  roles: z.array(z.string()).optional(),
  address_used: addressOutput.nullable().optional(),
  metadata: z.record(z.string(), z.string()),
  transaction_processed_at: int,
  created_at: int,
  testmode: z.boolean(),
});

export const refundOutput = z.object({
  id: z.string(),
  object: z.literal("tax.refund"),
  refund_type: z.string().describe("full or partial"),
  transaction_id: z.string(),
  status: z.string().describe("succeeded or reversed"),
  customer_currency_code: z.string(),
  line_items: z.array(lineOutput),
  total_tax_amount: int,
  total_amount_excluding_tax: int,
  total_amount_including_tax: int,
  metadata: z.record(z.string(), z.string()),
  refund_processed_at: int,
  created_at: int,
  reversed_at: int.nullable(),
  testmode: z.boolean(),
});
