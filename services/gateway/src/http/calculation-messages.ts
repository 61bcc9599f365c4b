// Request bodies of POST /tax/calculations and POST /tax/platform/calculations.
import { identifierProblem, identifierText, isVisibleIdentifier } from "@levy/kit";
import { z } from "zod";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { CustomerInputSchema, OrderDetailsInputSchema } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { addressMessage, addressSchema, taxIdSchema } from "./address-schema.js";
import { refuseRepeatedLineItemIds } from "./unique-line-item-ids.js";

/**
 * Documented in docs/decisions.md ("Calculations"). Each factor's range is checked here;
 * what an order is worth (amount × quantity, and the lines together) is bounded by
 * assertOrderAmount (@levy/kit), the one rule calc-engine applies too.
 */
export const calculationLimits = { lineItems: 1000, maxAmount: 1_000_000_000_000, maxQuantity: 1_000_000_000 } as const;

const lineItem = z.strictObject({
  amount: z.number().int().min(0).max(calculationLimits.maxAmount),
  quantity: z.number().int().min(1).max(calculationLimits.maxQuantity).default(1),
  product_category: z.string().trim().min(1).max(100).optional(),
  reference_product_id: identifierText().optional(),
  reference_line_item_id: z.string().max(255).refine(isVisibleIdentifier, { message: identifierProblem }).optional(),
});

export const orderDetailsSchema = z.strictObject({
  customer_currency_code: z
    .string()
    .trim()
    .length(3)
    .transform((code) => code.toUpperCase()),
  tax_included_in_amount: z.boolean().default(false),
  // Levy has no manual tax: "disabled" (or anything but "auto") is refused, never charged anyway.
  automatic_tax: z.enum(["auto"], { message: "must be auto: Levy always calculates the tax" }).default("auto"),
  line_items: z.array(lineItem).min(1).max(calculationLimits.lineItems).superRefine(refuseRepeatedLineItemIds),
});

const ipSchema = z.strictObject({
  value: z.string().max(100),
  resolution: z.enum(["strict", "zero", "approximate", "best_effort"]).optional(),
});

export const customerSchema = z.strictObject({
  type: z.enum(["CONSUMER", "BUSINESS"]).optional(),
  tax_ids: z.array(taxIdSchema).max(20).optional(),
  address: addressSchema.optional(),
  ip: ipSchema.optional(),
  id: identifierText().optional(),
  reference_customer_id: identifierText().optional(),
});

const transactedAt = z.number().int().positive();
// Opt-in to a zero-tax answer (rate_coverage UNSUPPORTED) where Levy has no rates; every API version.
const allowUnsupportedJurisdiction = z.boolean().optional();

export const calculationBody = z.strictObject({
  customer: customerSchema,
  order_details: orderDetailsSchema,
  transacted_at: transactedAt.optional(),
  allow_unsupported_jurisdiction: allowUnsupportedJurisdiction,
});

export const platformCalculationBody = z.strictObject({
  customer: customerSchema,
  merchant: z.strictObject({
    merchant_id: identifierText(),
    type: z.enum(["BUSINESS"]).optional(),
    tax_ids: z.array(taxIdSchema).max(20).optional(),
  }),
  order_details: orderDetailsSchema,
  roles: z
    .array(z.enum(["marketplace_provider", "payment_processor", "merchant_of_record"]))
    .min(1)
    .max(3),
  fee_details: orderDetailsSchema.optional(),
  transacted_at: transactedAt.optional(),
  allow_unsupported_jurisdiction: allowUnsupportedJurisdiction,
});

export function customerMessage(
  customer: z.output<typeof customerSchema>,
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
  order: z.output<typeof orderDetailsSchema>,
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
