// The public transaction (docs/decisions.md, Ledger: Transaction fields). Amounts are
// integers in the currency's minor unit; platform transactions add the payment id,
// merchant and roles.
import type { Transaction } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { presentAddress } from "./address.js";
import { presentLedgerLine } from "./ledger-line.js";

export function presentTransaction(transaction: Transaction) {
  const platform = transaction.kind === "platform";
  return {
    id: transaction.id,
    object: "tax.transaction" as const,
    type: transaction.type,
    calculation_id: transaction.calculationId,
    reference_order_id: transaction.referenceOrderId,
    ...(platform ? { reference_payment_id: transaction.referencePaymentId } : {}),
    customer_currency_code: transaction.currencyCode,
    tax_included_in_amount: transaction.taxIncludedInAmount,
    line_items: transaction.lineItems.map((line) => presentLedgerLine(line, true)),
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
          merchant: transaction.merchant
            ? { id: transaction.merchant.id, reference_merchant_id: transaction.merchant.referenceMerchantId }
            : null,
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
