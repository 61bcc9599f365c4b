// The public refund (docs/decisions.md, Ledger: Refund response) and the bodies that
// create and reverse one. Every amount is negative; `reversed_at` is null until the
// refund is reversed.
import { calculationLimits, identifierText } from "@levy/kit";
import type { Refund as RefundMessage } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { z } from "zod";
import { presentRefundLine, refundLineSchema } from "./ledger-line.js";
import { metadataBody, processedAt } from "./transaction.js";

const int = z.number().int();

/** As GET /tax/transactions/{id}/refunds lists refunds: without `refund_type` (spec). */
export const listedRefundSchema = z.object({
  id: z.string(),
  object: z.literal("tax.refund"),
  transaction_id: z.string(),
  status: z.string().describe("succeeded or reversed"),
  customer_currency_code: z.string(),
  line_items: z.array(refundLineSchema),
  total_tax_amount: int,
  total_amount_excluding_tax: int,
  total_amount_including_tax: int,
  metadata: z.record(z.string(), z.string()),
  refund_processed_at: int,
  created_at: int,
  reversed_at: int.nullable(),
  testmode: z.boolean(),
});
export type ListedRefund = z.infer<typeof listedRefundSchema>;

/** A refund; `refund_type` follows id and object, as the spec's examples show it. */
export const refundSchema = z.object({
  id: listedRefundSchema.shape.id,
  object: listedRefundSchema.shape.object,
  refund_type: z.string().describe("full or partial"),
  ...listedRefundSchema.omit({ id: true, object: true }).shape,
});
export type Refund = z.infer<typeof refundSchema>;

/** GET /tax/transactions/{id}/refunds. */
export const transactionRefundsSchema = z.object({ refunds: z.array(listedRefundSchema) });

const id = identifierText();
const refundLineBody = z.strictObject({
  reference_line_item_id: id,
  amount: z.number().int().min(1).max(calculationLimits.maxAmount).optional(),
  quantity: z.number().int().min(1).max(calculationLimits.maxQuantity).optional(),
});

export const refundBody = z.strictObject({
  transaction_id: id,
  type: z.enum(["full", "partial"]),
  refund_processed_at: processedAt.optional(),
  line_items: z.array(refundLineBody).max(calculationLimits.lineItems).optional(),
  metadata: metadataBody.optional(),
});

export const refundReversalBody = z.strictObject({ refund_id: id });

export function presentRefund(refund: RefundMessage): Refund {
  const { id, object, ...rest } = presentRefundWithoutType(refund);
  return { id, object, refund_type: refund.refundType, ...rest };
}

export function presentRefundWithoutType(refund: RefundMessage): ListedRefund {
  return {
    id: refund.id,
    object: "tax.refund",
    transaction_id: refund.transactionId,
    status: refund.status,
    customer_currency_code: refund.currencyCode,
    line_items: refund.lineItems.map(presentRefundLine),
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
