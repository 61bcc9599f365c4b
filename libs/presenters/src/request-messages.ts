// The other direction of the contract: a validated request body (as this package's
// schemas read it) → the request message of the service that owns the rule. The gateway
// (REST) and the MCP bridge (tools) both send these, so one body means one request.
import type { DescMessage, MessageInitShape } from "@bufbuild/protobuf";
import { addressMessage } from "@levy/kit";
import type {
  CalculatePlatformRequestSchema,
  CalculateRequestSchema,
  CustomerInputSchema,
  OrderDetailsInputSchema,
} from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import type {
  CreateMerchantRequestSchema,
  UpdateMerchantRequestSchema,
} from "@levy/proto/levy/catalog/v1/catalog_pb.js";
import type { z } from "zod";
import type {
  calculationBody,
  calculationCustomerBody,
  orderDetailsBody,
  platformCalculationBody,
} from "./calculation-bodies.js";
import type { createMerchantBody, updateMerchantBody } from "./merchant.js";

/** A request message's fields without those the caller adds (the scope, a path id). */
type FieldsOf<S extends DescMessage, Added extends string = never> = Omit<
  MessageInitShape<S>,
  "$typeName" | "scope" | Added
>;

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

/** POST /tax/calculations' body as calc-engine's Calculate request, less the scope. */
export function calculateMessage(body: z.output<typeof calculationBody>): FieldsOf<typeof CalculateRequestSchema> {
  return {
    customer: customerMessage(body.customer),
    orderDetails: orderMessage(body.order_details),
    transactedAt: BigInt(body.transacted_at ?? 0),
    allowUnsupportedJurisdiction: body.allow_unsupported_jurisdiction ?? false,
  };
}

/** POST /tax/platform/calculations' body as calc-engine's CalculatePlatform request, less the scope. */
export function calculatePlatformMessage(
  body: z.output<typeof platformCalculationBody>,
): FieldsOf<typeof CalculatePlatformRequestSchema> {
  return {
    customer: customerMessage(body.customer),
    merchant: {
      merchantId: body.merchant.merchant_id,
      type: body.merchant.type ?? "BUSINESS",
      taxIds: body.merchant.tax_ids ?? [],
    },
    orderDetails: orderMessage(body.order_details),
    roles: body.roles,
    ...(body.fee_details ? { feeDetails: orderMessage(body.fee_details) } : {}),
    transactedAt: BigInt(body.transacted_at ?? 0),
    allowUnsupportedJurisdiction: body.allow_unsupported_jurisdiction ?? false,
  };
}

/** POST /tax/merchants' body as catalog's CreateMerchant request, less the scope. */
export function createMerchantMessage(
  body: z.output<typeof createMerchantBody>,
): FieldsOf<typeof CreateMerchantRequestSchema> {
  return {
    referenceMerchantId: body.reference_merchant_id,
    name: body.name,
    email: body.email,
    ...(body.default_address ? { defaultAddress: addressMessage(body.default_address) } : {}),
    taxIds: body.tax_ids,
  };
}

/** POST /tax/merchants/{id}'s body as catalog's UpdateMerchant request, less scope and id. */
export function updateMerchantMessage(
  body: z.output<typeof updateMerchantBody>,
): FieldsOf<typeof UpdateMerchantRequestSchema, "merchantId"> {
  return {
    name: body.name,
    email: body.email,
    ...(body.default_address ? { defaultAddress: addressMessage(body.default_address) } : {}),
    taxIds: body.tax_ids ?? [],
    setTaxIds: body.tax_ids !== undefined,
  };
}
