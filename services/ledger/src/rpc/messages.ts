// Stored records → protobuf messages. Refund amounts are negative here: the public
// representation of a refund.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { addressMessage } from "@levy/kit";
import type {
  FilingSchema,
  LineItemSchema,
  RefundSchema,
  TransactionSchema,
} from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import type { Scope } from "@levy/storage";
import { effectiveStatus, type FilingRecord } from "../filings/filing.js";
import type { LineRecord, RefundRecord, TransactionRecord } from "../domain/transaction.js";

type LineInit = MessageInitShape<typeof LineItemSchema>;
const big = (value: number) => BigInt(value);

function product(line: LineRecord) {
  return {
    referenceLineItemId: line.reference_line_item_id,
    referenceProductId: line.reference_product_id,
    referenceProductName: line.reference_product_name,
    productTaxCode: line.product_tax_code,
  };
}

function jurisdictions(line: LineRecord, taxes: readonly number[], sign: 1 | -1) {
  return line.jurisdictions.map((j, index) => ({
    taxRate: j.tax_rate,
    taxDueDecimal: big(sign * (taxes[index] ?? 0)),
    feeAmount: big(sign === 1 ? j.fee_amount : 0),
    rateType: j.rate_type,
    taxAuthorityName: j.tax_authority_name,
    taxAuthorityType: j.tax_authority_type,
    taxType: j.tax_type,
    jurisdictionName: j.jurisdiction_name,
    jurisdictionId: j.jurisdiction_id,
  }));
}

export function transactionMessage(
  record: TransactionRecord,
  scope: Scope,
): MessageInitShape<typeof TransactionSchema> {
  const lineItems: LineInit[] = record.lines.map((line) => ({
    lineItemId: line.line_item_id,
    product: product(line),
    taxJurisdictions: jurisdictions(
      line,
      line.jurisdictions.map((j) => j.tax_due_decimal),
      1,
    ),
    taxAmount: big(line.tax_amount),
    amountExcludingTax: big(line.amount_excluding_tax),
    amountIncludingTax: big(line.amount_including_tax),
    quantity: big(line.quantity),
    refundedAmountExcludingTax: big(line.refunded.excl),
    refundedTaxAmount: big(line.refunded.tax),
    refundedQuantity: big(line.refunded.quantity),
  }));
  return {
    id: record.id,
    type: record.type,
    kind: record.kind,
    calculationId: record.calculation_id,
    referenceOrderId: record.reference_order_id,
    referencePaymentId: record.reference_payment_id,
    currencyCode: record.currency_code,
    taxIncludedInAmount: record.tax_included_in_amount,
    lineItems,
    totalTaxAmount: big(record.total_tax_amount),
    totalAmountExcludingTax: big(record.total_amount_excluding_tax),
    totalAmountIncludingTax: big(record.total_amount_including_tax),
    customerType: record.customer_type,
    customerId: record.customer_id,
    referenceCustomerId: record.reference_customer_id,
    ...(record.merchant_id
      ? { merchant: { id: record.merchant_id, referenceMerchantId: record.reference_merchant_id } }
      : {}),
    roles: record.roles,
    transactionProcessedAt: big(record.transaction_processed_at),
    createdAt: big(record.created_at),
    livemode: scope.livemode,
    metadata: record.metadata,
    refundedTaxAmount: big(record.lines.reduce((sum, line) => sum + line.refunded.tax, 0)),
    refundedAmountExcludingTax: big(record.lines.reduce((sum, line) => sum + line.refunded.excl, 0)),
    // Transactions recorded before address_type was copied have none (shown as absent).
    ...(record.address_used ? { addressUsed: addressMessage(record.address_used) } : {}),
  };
}

export function refundMessage(
  transaction: TransactionRecord,
  refund: RefundRecord,
  scope: Scope,
): MessageInitShape<typeof RefundSchema> {
  const lineItems: LineInit[] = refund.lines.map((refundLine) => {
    const line = transaction.lines.find((candidate) => candidate.line_item_id === refundLine.line_item_id)!;
    return {
      lineItemId: line.line_item_id,
      product: product(line),
      taxJurisdictions: jurisdictions(line, refundLine.jurisdiction_tax, -1),
      taxAmount: big(-refundLine.tax),
      amountExcludingTax: big(-refundLine.excl),
      amountIncludingTax: big(-(refundLine.excl + refundLine.tax)),
      quantity: big(-refundLine.quantity),
    };
  });
  const sum = (pick: (line: RefundRecord["lines"][number]) => number) =>
    refund.lines.reduce((total, line) => total + pick(line), 0);
  return {
    id: refund.id,
    transactionId: transaction.id,
    refundType: refund.refund_type,
    refundProcessedAt: big(refund.refund_processed_at),
    createdAt: big(refund.created_at),
    currencyCode: transaction.currency_code,
    lineItems,
    totalTaxAmount: big(-sum((line) => line.tax)),
    totalAmountExcludingTax: big(-sum((line) => line.excl)),
    totalAmountIncludingTax: big(-sum((line) => line.excl + line.tax)),
    livemode: scope.livemode,
    status: refund.reversed_at === null ? "succeeded" : "reversed",
    reversedAt: big(refund.reversed_at ?? 0),
    metadata: refund.metadata,
  };
}

export function filingMessage(
  record: FilingRecord,
  scope: Scope,
  nowSeconds: number,
): MessageInitShape<typeof FilingSchema> {
  return {
    id: record.id,
    period: record.period,
    periodStart: big(record.period_start),
    periodEnd: big(record.period_end),
    jurisdictionId: record.jurisdiction_id,
    jurisdictionName: record.jurisdiction_name,
    taxAuthorityType: record.tax_authority_type,
    currencyCode: record.currency_code,
    status: effectiveStatus(record, nowSeconds),
    grossSales: big(record.gross_sales),
    taxableSales: big(record.taxable_sales),
    exemptSales: big(record.exempt_sales),
    taxCollected: big(record.tax_collected),
    refunds: big(record.refunds),
    refundedTax: big(record.refunded_tax),
    netTax: big(record.tax_collected - record.refunded_tax),
    transactionCount: big(record.transaction_count),
    refundCount: big(record.refund_count),
    livemode: scope.livemode,
    updatedAt: big(record.updated_at),
    rejectionReason: record.rejection_reason,
    approvedAt: big(record.approved_at ?? 0),
    rejectedAt: big(record.rejected_at ?? 0),
  };
}
