// Turns a stored calculation (from calc-engine) into a transaction record.
import { addressFields } from "@levy/kit";
import type { Calculation, LineItemResult } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { emptyRefundState, type LineRecord, type TransactionRecord, type TransactionType } from "./transaction.js";

export interface RecordInput {
  readonly id: string;
  readonly type: TransactionType;
  readonly reference_order_id: string;
  readonly reference_payment_id: string;
  readonly transaction_processed_at: number;
  readonly metadata: Record<string, string>;
  readonly now: number;
}

function lineFrom(item: LineItemResult, index: number, type: TransactionType): LineRecord {
  const jurisdictions = item.taxJurisdictions.map((j) => ({
    tax_rate: j.taxRate,
    tax_due_decimal: Number(j.taxDueDecimal),
    fee_amount: Number(j.feeAmount),
    rate_type: j.rateType,
    tax_authority_name: j.taxAuthorityName,
    tax_authority_type: j.taxAuthorityType,
    tax_type: j.taxType,
    jurisdiction_name: j.jurisdictionName,
    jurisdiction_id: j.jurisdictionId,
  }));
  return {
    line_item_id: item.lineItemId || `${type}_line_${index + 1}`,
    reference_line_item_id: item.product?.referenceLineItemId ?? "",
    reference_product_id: item.product?.referenceProductId ?? "",
    reference_product_name: item.product?.referenceProductName ?? "",
    product_tax_code: item.product?.productTaxCode ?? "",
    quantity: Number(item.quantity) || 1,
    tax_amount: Number(item.taxAmount),
    amount_excluding_tax: Number(item.amountExcludingTax),
    amount_including_tax: Number(item.amountIncludingTax),
    jurisdictions,
    refunded: emptyRefundState(jurisdictions.length),
  };
}

export function transactionFromCalculation(calculation: Calculation, input: RecordInput): TransactionRecord {
  const items = input.type === "fee" ? calculation.feeLineItems : calculation.lineItems;
  const totals = input.type === "fee" ? calculation.feeTotals : calculation.totals;
  const lines = items.map((item, index) => lineFrom(item, index, input.type));
  const sum = (pick: (line: LineRecord) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const address = calculation.addressUsed;
  return {
    id: input.id,
    type: input.type,
    kind: calculation.kind === "platform" ? "platform" : "standard",
    calculation_id: calculation.id,
    reference_order_id: input.reference_order_id,
    reference_payment_id: input.reference_payment_id,
    currency_code: calculation.customerCurrencyCode,
    tax_included_in_amount: calculation.taxIncludedInAmount,
    lines,
    total_tax_amount: totals ? Number(totals.taxAmount) : sum((line) => line.tax_amount),
    total_amount_excluding_tax: totals ? Number(totals.amountExcludingTax) : sum((line) => line.amount_excluding_tax),
    total_amount_including_tax: totals ? Number(totals.amountIncludingTax) : sum((line) => line.amount_including_tax),
    customer_type: calculation.customerType,
    customer_id: calculation.customerId,
    reference_customer_id: calculation.referenceCustomerId,
    merchant_id: calculation.merchant?.id ?? "",
    reference_merchant_id: calculation.merchant?.referenceMerchantId ?? "",
    roles: [...calculation.roles],
    address_used: address ? addressFields(address) : null,
    metadata: input.metadata,
    transaction_processed_at: input.transaction_processed_at,
    created_at: input.now,
    deleted_at: null,
    refunds: [],
    pending_events: [],
  };
}

/**
 * Which transactions a platform calculation turns into: order and fee for a payment
 * processor (the fee transaction is empty when the calculation had no fee_details), order
 * alone for a marketplace provider or merchant of record.
 */
export function platformTypes(calculation: Calculation): TransactionType[] {
  return calculation.roles.includes("payment_processor") ? ["order", "fee"] : ["order"];
}
