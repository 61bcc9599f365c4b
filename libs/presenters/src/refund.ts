// The public refund (docs/decisions.md, Ledger: Refund response). Every amount is
// negative; `reversed_at` is null until the refund is reversed.
import type { Refund } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { presentLedgerLine } from "./ledger-line.js";

export function presentRefund(refund: Refund) {
  const { id, object, ...rest } = presentRefundWithoutType(refund);
  return { id, object, refund_type: refund.refundType, ...rest };
}

/** As GET /tax/transactions/{id}/refunds lists refunds: without `refund_type` (spec). */
export function presentRefundWithoutType(refund: Refund) {
  return {
    id: refund.id,
    object: "tax.refund" as const,
    transaction_id: refund.transactionId,
    status: refund.status,
    customer_currency_code: refund.currencyCode,
    line_items: refund.lineItems.map((line) => presentLedgerLine(line, false)),
    total_tax_amount: Number(refund.totalTaxAmount),
    total_amount_excluding_tax: Number(refund.totalAmountExcludingTax),
    total_amount_including_tax: Number(refund.totalAmountIncludingTax),
    metadata: { ...refund.metadata },
    refund_processed_at: Number(refund.refundProcessedAt),
    created_at: Number(refund.createdAt),
    reversed_at: refund.reversedAt === 0n ? null : Number(refund.reversedAt),
    testmode: !refund.livemode,
  };
}
