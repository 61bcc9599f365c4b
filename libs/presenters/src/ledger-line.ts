// A line of a transaction or a refund (ledger LineItem): the calculation's line fields,
// plus on transactions what refunds have taken back from it.
import type { LineItem } from "@levy/proto/levy/ledger/v1/ledger_pb.js";
import { presentJurisdiction, presentLineProduct } from "./tax-line.js";

export function presentLedgerLine(line: LineItem, withRefunded: boolean) {
  return {
    line_item_id: line.lineItemId,
    product: presentLineProduct(line.product),
    tax_jurisdictions: line.taxJurisdictions.map(presentJurisdiction),
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
