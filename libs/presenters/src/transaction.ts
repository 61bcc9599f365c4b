// The public transaction (docs/decisions.md, Ledger: Transaction fields) and the bodies
// that record one. Amounts are integers in the currency's minor unit; platform
// transactions add the payment id, merchant and roles.
import { identifierText, maxEpochSeconds, textLimits } from "@levy/kit";
import type { Transaction as TransactionMessage } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { z } from "zod";
import { addressSchema, presentAddress } from "./address.js";
import { presentTransactionLine, transactionLineSchema } from "./ledger-line.js";

const int = z.number().int();

export const transactionSchema = z.object({
  id: z.string(),
  object: z.literal("tax.transaction"),
  type: z.string().describe("order (a sale) or fee (a platform fee)"),
  calculation_id: z.string(),
  reference_order_id: z.string(),
  reference_payment_id: z.string().optional().describe("platform transactions only"),
  customer_currency_code: z.string(),
  tax_included_in_amount: z.boolean(),
  line_items: z.array(transactionLineSchema),
  total_tax_amount: int,
  total_amount_excluding_tax: int,
  total_amount_including_tax: int,
  refunded_tax_amount: int,
  refunded_amount_excluding_tax: int,
  customer: z.object({ type: z.string(), id: z.string().nullable(), reference_customer_id: z.string().nullable() }),
  merchant: z
    .object({ id: z.string(), reference_merchant_id: z.string() })
    .nullable()
    .optional()
    .describe("platform transactions only"),
  roles: z.array(z.string()).optional().describe("platform transactions only"),
  address_used: addressSchema.nullable().optional(),
  metadata: z.record(z.string(), z.string()),
  transaction_processed_at: int,
  created_at: int,
  testmode: z.boolean(),
});
export type Transaction = z.infer<typeof transactionSchema>;

const id = identifierText();
/** The window a processing date must fall in is the ledger's rule (it needs "now" and the sale); here only the JSON type. */
export const processedAt = z.number().int().min(0).max(maxEpochSeconds).describe("epoch seconds");
export const metadataBody = z
  .record(
    z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "metadata keys are 1-40 letters, digits, _ or -"),
    z.string().max(textLimits.metadataValue),
  )
  .refine((value) => Object.keys(value).length <= textLimits.metadataKeys, "at most 20 metadata keys");

export const transactionBody = z.strictObject({
  calculation_id: id,
  reference_order_id: id,
  transaction_processed_at: processedAt.optional(),
  metadata: metadataBody.optional(),
});

export const platformTransactionBody = z.strictObject({
  platform_calculation_id: id,
  reference_order_id: id,
  reference_payment_id: id,
  transaction_processed_at: processedAt.optional(),
  metadata: metadataBody.optional(),
});

/** What POST /tax/platform/transactions answers: the transactions it recorded, not paged. */
export const platformTransactionsSchema = z.object({ object: z.literal("list"), data: z.array(transactionSchema) });

export function presentTransaction(transaction: TransactionMessage): Transaction {
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
    line_items: transaction.lineItems.map(presentTransactionLine),
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
