// Filings and the sales summary (amounts in minor units). A filing is the return of one
// UTC month, jurisdiction and currency; the summary sums whole UTC days.
import type { Filing, GetSalesSummaryResponse } from "@levy/proto/levy/ledger/v1/ledger_pb.js";

export function presentFiling(filing: Filing) {
  return {
    id: filing.id,
    object: "tax.filing" as const,
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

/** The summary is kept per UTC day: the answer says which seconds it covers and whether that is wider than asked. */
export function presentSalesSummary(
  summary: GetSalesSummaryResponse,
  asked: { from: bigint; to: bigint },
  merchant: { id: string; reference_merchant_id: string } | null,
  livemode: boolean,
) {
  const summedFrom = summary.summedFrom === 0n ? null : Number(summary.summedFrom);
  const summedTo = summary.summedTo === 0n ? null : Number(summary.summedTo);
  const widened =
    (asked.from !== 0n && Number(asked.from) !== summedFrom) || (asked.to !== 0n && Number(asked.to) !== summedTo);
  return {
    object: "tax.sales_summary" as const,
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
