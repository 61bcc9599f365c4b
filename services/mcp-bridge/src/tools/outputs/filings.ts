// Filings and the sales summary as the tools return them (amounts in minor units).
import { z } from "zod";

const int = z.number().int();

/** The ledger's filing statuses (services/ledger/src/filings/filing.ts). */
export const filingStatuses = ["open", "pending_client_approval", "approved", "rejected", "filed"] as const;

export const filingOutput = z.object({
  id: z.string(),
  object: z.literal("tax.filing"),
  period: z.string().describe("UTC month, YYYY-MM"),
  period_start: int,
  period_end: int,
  jurisdiction_id: z.string(),
  jurisdiction_name: z.string(),
  tax_authority_type: z.string(),
  currency_code: z.string(),
  status: z.string().describe(filingStatuses.join(", ")),
  gross_sales: int,
  taxable_sales: int,
  exempt_sales: int,
  tax_collected: int,
  refunds: int,
  refunded_tax: int,
  net_tax: int,
  transaction_count: int,
  refund_count: int,
  rejection_reason: z.string().nullable(),
  approved_at: int.nullable(),
  rejected_at: int.nullable(),
  updated_at: int,
  testmode: z.boolean(),
});

export const salesSummaryOutput = z.object({
  object: z.literal("tax.sales_summary"),
  period_from: z.string().describe("first UTC day summed, YYYY-MM-DD (empty when nothing bounds the sum)"),
  period_to: z.string().describe("last UTC day summed, YYYY-MM-DD"),
  summed_from: int.nullable().describe("first second summed, epoch seconds (null when nothing bounds the sum)"),
  summed_to: int.nullable().describe("last second summed, inclusive, epoch seconds"),
  range_widened: z
    .boolean()
    .describe(
      "true when from or to was not on a UTC day boundary (or fell in a month summarised before days were kept) and the sum covers the whole days around it",
    ),
  merchant: z.object({ id: z.string(), reference_merchant_id: z.string() }).nullable(),
  currencies: z.array(
    z.object({
      currency_code: z.string(),
      gross_sales: int,
      tax_collected: int,
      refunds: int,
      refunded_tax: int,
      net_sales: int,
      net_tax: int,
      transaction_count: int,
      refund_count: int,
    }),
  ),
  testmode: z.boolean(),
});
