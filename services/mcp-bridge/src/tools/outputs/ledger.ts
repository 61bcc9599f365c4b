// Transactions and refunds as the tools return them: the REST API's shapes (amounts in
// minor units; refund amounts negative).
import { z } from "zod";
import type { LineItem, Refund, Transaction } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { addressOutput, presentAddress } from "./common.js";

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

function presentLine(line: LineItem, withRefunded: boolean): z.input<typeof lineOutput> {
  return {
    line_item_id: line.lineItemId,
    product: {
      reference_line_item_id: line.product?.referenceLineItemId ?? "",
      reference_product_id: line.product?.referenceProductId ?? "",
      reference_product_name: line.product?.referenceProductName ?? "",
      product_tax_code: line.product?.productTaxCode ?? "",
    },
    tax_jurisdictions: line.taxJurisdictions.map((entry) => ({
      tax_rate: entry.taxRate,
      tax_due_decimal: Number(entry.taxDueDecimal),
      fee_amount: Number(entry.feeAmount),
      rate_type: entry.rateType,
      tax_authority_name: entry.taxAuthorityName,
      tax_authority_type: entry.taxAuthorityType,
      tax_type: entry.taxType,
      jurisdiction_name: entry.jurisdictionName,
      jurisdiction_id: entry.jurisdictionId,
    })),
    tax_amount: Number(line.taxAmount),
    amount_excluding_tax: Number(line.amountExcludingTax),
    amount_including_tax: Number(line.amountIncludingTax),
    quantity: Number(line.quantity),
    ...(withRefunded
      ? {
          refunded_amount_excluding_tax: Number(line.refundedAmountExcludingTax),
          refunded_tax_amount: Number(line.refundedTaxAmount),
          refunded_quantity: Number(line.refundedQuantity),
        }
      : {}),
  };
}

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

export function presentTransaction(transaction: Transaction): z.input<typeof transactionOutput> {
  const platform = transaction.kind === "platform";
  return {
    id: transaction.id,
    object: "tax.transaction",
    type: transaction.type,
    calculation_id: transaction.calculationId,
    reference_order_id: transaction.referenceOrderId,
    ...(platform ? { reference_payment_id: transaction.referencePaymentId } : {}),
    customer_currency_code: transaction.currencyCode,
    tax_included_in_amount: transaction.taxIncludedInAmount,
    line_items: transaction.lineItems.map((line) => presentLine(line, true)),
    total_tax_amount: Number(transaction.totalTaxAmount),
    total_amount_excluding_tax: Number(transaction.totalAmountExcludingTax),
    total_amount_including_tax: Number(transaction.totalAmountIncludingTax),
    refunded_tax_amount: Number(transaction.refundedTaxAmount),
    refunded_amount_excluding_tax: Number(transaction.refundedAmountExcludingTax),
    customer: {
      type: transaction.customerType || "CONSUMER",
      id: transaction.customerId || null,
      reference_customer_id: transaction.referenceCustomerId || null,
    },
    ...(platform
      ? {
          merchant: transaction.merchant ? { id: transaction.merchant.id, reference_merchant_id: transaction.merchant.referenceMerchantId } : null,
          roles: transaction.roles,
        }
      : {}),
    ...(transaction.addressUsed ? { address_used: presentAddress(transaction.addressUsed) } : {}),
    metadata: { ...transaction.metadata },
    transaction_processed_at: Number(transaction.transactionProcessedAt),
    created_at: Number(transaction.createdAt),
    testmode: !transaction.livemode,
  };
}

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

export function presentRefund(refund: Refund): z.input<typeof refundOutput> {
  return {
    id: refund.id,
    object: "tax.refund",
    refund_type: refund.refundType,
    transaction_id: refund.transactionId,
    status: refund.status,
    customer_currency_code: refund.currencyCode,
    line_items: refund.lineItems.map((line) => presentLine(line, false)),
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
