// Filings and the sales summary as the tools return them (amounts in minor units).
import { z } from "zod";
import type { Filing, GetSalesSummaryResponse } from "@levy/proto/levy/ledger/v1/ledger_pb.js";

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

export function presentFiling(filing: Filing): z.input<typeof filingOutput> {
  return {
    id: filing.id,
    object: "tax.filing",
    period: filing.period,
    period_start: Number(filing.periodStart),
    period_end: Number(filing.periodEnd),
    jurisdiction_id: filing.jurisdictionId,
    jurisdiction_name: filing.jurisdictionName,
    tax_authority_type: filing.taxAuthorityType,
    currency_code: filing.currencyCode,
    status: filing.status,
    gross_sales: Number(filing.grossSales),
    taxable_sales: Number(filing.taxableSales),
    exempt_sales: Number(filing.exemptSales),
    tax_collected: Number(filing.taxCollected),
    refunds: Number(filing.refunds),
    refunded_tax: Number(filing.refundedTax),
    net_tax: Number(filing.netTax),
    transaction_count: Number(filing.transactionCount),
    refund_count: Number(filing.refundCount),
    rejection_reason: filing.rejectionReason || null,
    approved_at: filing.approvedAt === 0n ? null : Number(filing.approvedAt),
    rejected_at: filing.rejectedAt === 0n ? null : Number(filing.rejectedAt),
    updated_at: Number(filing.updatedAt),
    testmode: !filing.livemode,
  };
}

export const salesSummaryOutput = z.object({
  object: z.literal("tax.sales_summary"),
  period_from: z.string().describe("first month summed, YYYY-MM (empty when nothing was sold)"),
  period_to: z.string().describe("last month summed, YYYY-MM"),
  summed_from: int.nullable().describe("start of the first month summed, epoch seconds (null when nothing was summed)"),
  summed_to: int.nullable().describe("end of the last month summed, inclusive, epoch seconds"),
  range_widened: z
    .boolean()
    .describe("true when from or to was not on a month boundary and the sum covers the whole months around it"),
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

/** First second of a YYYY-MM month, or of the month after it. */
function monthStart(period: string, monthsLater = 0): number | null {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1 + monthsLater, 1) / 1000 : null;
}

/** The summary is kept per UTC month: the answer says which seconds it covers and whether that is wider than asked. */
export function presentSalesSummary(
  summary: GetSalesSummaryResponse,
  asked: { from: bigint; to: bigint },
  merchant: { id: string; reference_merchant_id: string } | null,
  livemode: boolean,
): z.input<typeof salesSummaryOutput> {
  const summedFrom = monthStart(summary.periodFrom);
  const nextMonth = monthStart(summary.periodTo, 1);
  const summedTo = nextMonth === null ? null : nextMonth - 1;
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
