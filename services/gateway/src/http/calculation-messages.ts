// A calculation request's customer and order (as @levy/presenters' calculationBody reads
// them) → the calc-engine messages.
import type { MessageInitShape } from "@bufbuild/protobuf";
import { addressMessage } from "@levy/kit";
import type { CustomerInputSchema, OrderDetailsInputSchema } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import type { calculationCustomerBody, orderDetailsBody } from "@levy/presenters";
import type { z } from "zod";

export function customerMessage(
  customer: z.output<typeof calculationCustomerBody>,
): MessageInitShape<typeof CustomerInputSchema> {
  return {
    type: customer.type ?? "CONSUMER",
    taxIds: customer.tax_ids ?? [],
    ...(customer.address ? { address: addressMessage(customer.address) } : {}),
    ...(customer.ip ? { ip: { value: customer.ip.value, resolution: customer.ip.resolution ?? "strict" } } : {}),
    id: customer.id ?? "",
    referenceCustomerId: customer.reference_customer_id ?? "",
  };
}

export function orderMessage(
  order: z.output<typeof orderDetailsBody>,
): MessageInitShape<typeof OrderDetailsInputSchema> {
  return {
    customerCurrencyCode: order.customer_currency_code,
    taxIncludedInAmount: order.tax_included_in_amount,
    automaticTax: order.automatic_tax,
    lineItems: order.line_items.map((line) => ({
      amount: BigInt(line.amount),
      quantity: BigInt(line.quantity),
      productCategory: line.product_category ?? "",
      referenceProductId: line.reference_product_id ?? "",
      referenceLineItemId: line.reference_line_item_id ?? "",
    })),
  };
}
