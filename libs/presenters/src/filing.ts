// The public filing (`object` = `tax.filing`): one per UTC month, jurisdiction and
// currency; amounts in minor units.
import type { Filing as FilingMessage } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { z } from "zod";

const int = z.number().int();

/** The ledger's filing statuses (services/ledger/src/filings/filing.ts). */
export const filingStatuses = ["open", "pending_client_approval", "approved", "rejected", "filed"] as const;

export const filingSchema = z.object({
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
export type Filing = z.infer<typeof filingSchema>;

export function presentFiling(filing: FilingMessage): Filing {
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
