// The public sales summary (`object` = `tax.sales_summary`): totals per currency, kept per
// UTC day; the answer says which seconds it covers. Amounts in minor units.
import type { GetSalesSummaryResponse } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { z } from "zod";

const int = z.number().int();

export const salesSummarySchema = z.object({
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
export type SalesSummary = z.infer<typeof salesSummarySchema>;

/** The summary is kept per UTC day: the answer says which seconds it covers and whether that is wider than asked. */
export function presentSalesSummary(
  summary: GetSalesSummaryResponse,
  asked: { from: bigint; to: bigint },
  merchant: { id: string; reference_merchant_id: string } | null,
  livemode: boolean,
): SalesSummary {
  const summedFrom = summary.summedFrom === 0n ? null : Number(summary.summedFrom);
  const summedTo = summary.summedTo === 0n ? null : Number(summary.summedTo);
  const widened =
    (asked.from !== 0n && Number(asked.from) !== summedFrom) || (asked.to !== 0n && Number(asked.to) !== summedTo);
  return {
    object: "tax.sales_summary",
    period_from: summary.periodFrom,
    period_to: summary.periodTo,
    summed_from: summedFrom,
    summed_to: summedTo,
    range_widened: widened,
    merchant,
    currencies: summary.currencies.map((totals) => ({
      currency_code: totals.currencyCode,
      gross_sales: Number(totals.grossSales),
      tax_collected: Number(totals.taxCollected),
      refunds: Number(totals.refunds),
      refunded_tax: Number(totals.refundedTax),
      net_sales: Number(totals.netSales),
      net_tax: Number(totals.netTax),
      transaction_count: Number(totals.transactionCount),
      refund_count: Number(totals.refundCount),
    })),
    testmode: !livemode,
  };
}
