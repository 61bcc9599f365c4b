// Request bodies of POST /tax/calculations and POST /tax/platform/calculations. Each
// factor's range is checked here (limits: @levy/kit calculationLimits); what an order is
// worth (amount × quantity, and the lines together) is bounded by assertOrderAmount, the
// one rule calc-engine applies too.
import { calculationLimits, identifierProblem, identifierText, isVisibleIdentifier, textLimits } from "@levy/kit";
import { z } from "zod";
import { addressBody, taxIdBody } from "./address.js";
import { refuseRepeatedLineItemIds } from "./unique-line-item-ids.js";

const lineItem = z.strictObject({
  amount: z.number().int().min(0).max(calculationLimits.maxAmount).describe("minor units"),
  quantity: z.number().int().min(1).max(calculationLimits.maxQuantity).default(1),
  product_category: z.string().trim().min(1).max(textLimits.productCategory).optional(),
  reference_product_id: identifierText().optional(),
  reference_line_item_id: z
    .string()
    .max(textLimits.identifier)
    .refine(isVisibleIdentifier, { message: identifierProblem })
    .optional(),
});

export const orderDetailsBody = z.strictObject({
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

const ipBody = z.strictObject({
  value: z.string().max(textLimits.ipValue).describe("IPv4 or IPv6 address"),
  resolution: z.enum(["strict", "zero", "approximate", "best_effort"]).optional(),
});

export const calculationCustomerBody = z.strictObject({
  type: z.enum(["CONSUMER", "BUSINESS"]).optional(),
  tax_ids: z.array(taxIdBody).max(calculationLimits.maxTaxIds).optional(),
  address: addressBody.optional(),
  ip: ipBody.optional(),
  id: identifierText().optional(),
  reference_customer_id: identifierText().optional(),
});

const transactedAt = z.number().int().positive().describe("epoch seconds; the rates in force then");
// Opt-in to a zero-tax answer (rate_coverage UNSUPPORTED) where Levy has no rates; every API version.
const allowUnsupportedJurisdiction = z.boolean().optional();

export const calculationBody = z.strictObject({
  customer: calculationCustomerBody,
  order_details: orderDetailsBody,
  transacted_at: transactedAt.optional(),
  allow_unsupported_jurisdiction: allowUnsupportedJurisdiction,
});

export const platformCalculationBody = z.strictObject({
  customer: calculationCustomerBody,
  merchant: z.strictObject({
    merchant_id: identifierText(),
    type: z.enum(["BUSINESS"]).optional(),
    tax_ids: z.array(taxIdBody).max(calculationLimits.maxTaxIds).optional(),
  }),
  order_details: orderDetailsBody,
  roles: z
    .array(z.enum(["marketplace_provider", "payment_processor", "merchant_of_record"]))
    .min(1)
    .max(3),
  fee_details: orderDetailsBody.optional(),
  transacted_at: transactedAt.optional(),
  allow_unsupported_jurisdiction: allowUnsupportedJurisdiction,
});
