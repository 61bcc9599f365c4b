// A line of a transaction or a refund (ledger LineItem): the calculation's line fields,
// plus on transactions what refunds have taken back from it.
import type { LineItem } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { z } from "zod";
import { jurisdictionSchema, lineProductSchema, presentJurisdiction, presentLineProduct } from "./tax-line.js";

const int = z.number().int();

export const refundLineSchema = z.object({
  line_item_id: z.string(),
  product: lineProductSchema,
  tax_jurisdictions: z.array(jurisdictionSchema),
  tax_amount: int,
  amount_excluding_tax: int,
  amount_including_tax: int,
  quantity: int,
});
export type RefundLine = z.infer<typeof refundLineSchema>;

export const transactionLineSchema = refundLineSchema.extend({
  refunded_amount_excluding_tax: int,
  refunded_tax_amount: int,
  refunded_quantity: int,
});
export type TransactionLine = z.infer<typeof transactionLineSchema>;

export function presentRefundLine(line: LineItem): RefundLine {
  return {
    line_item_id: line.lineItemId,
    product: presentLineProduct(line.product),
    tax_jurisdictions: line.taxJurisdictions.map(presentJurisdiction),
    tax_amount: Number(line.taxAmount),
    amount_excluding_tax: Number(line.amountExcludingTax),
    amount_including_tax: Number(line.amountIncludingTax),
    quantity: Number(line.quantity),
  };
}

export function presentTransactionLine(line: LineItem): TransactionLine {
  return {
    ...presentRefundLine(line),
    refunded_amount_excluding_tax: Number(line.refundedAmountExcludingTax),
    refunded_tax_amount: Number(line.refundedTaxAmount),
    refunded_quantity: Number(line.refundedQuantity),
  };
}
