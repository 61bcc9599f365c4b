// Query parameters of the read endpoints added for issue 21 (ledger reads and the rate
// lookup). Dates are epoch seconds or ISO 8601 (@levy/kit date-bounds.ts); unknown
// parameters are refused, so a misspelled filter cannot widen an answer.
import { calculationLimits, identifierText, queryDateBound, textLimits } from "@levy/kit";
import { z } from "zod";
import { countryCodeBody } from "./address.js";
import { listQuery } from "./list.js";

const range = {
  from: queryDateBound.optional().describe("start, inclusive: epoch seconds or ISO 8601 date (UTC) or date-time"),
  to: queryDateBound
    .optional()
    .describe("end, inclusive: epoch seconds or ISO 8601 date (the whole UTC day) or date-time"),
};

export const transactionListQuery = z.strictObject({
  ...listQuery.shape,
  ...range,
  merchant_id: identifierText().optional().describe("merchant service ID (merch_...) or reference_merchant_id"),
  customer: identifierText().optional().describe("customer service ID (cust_...) or reference_customer_id"),
  reference_order_id: identifierText().optional(),
  type: z.enum(["order", "fee"]).optional(),
});

/** The ledger checks the status (invalid_filing_status lists the valid ones). */
export const filingListQuery = z.strictObject({
  ...listQuery.shape,
  ...range,
  status: z.string().min(1).max(64).optional().describe("open, pending_client_approval, approved, rejected or filed"),
});

export const salesSummaryQuery = z.strictObject({
  ...range,
  merchant_id: identifierText().optional().describe("merchant service ID (merch_...) or reference_merchant_id"),
});

/** 100.00 in the currency: the unit price rules are evaluated at when none is given. */
export const defaultLookupAmount = 10_000;

/** The place and category of a rate lookup: GET /tax/rates and the lookup_tax_rate tool. */
export const rateLookupPlace = {
  province: z.string().trim().max(textLimits.addressProvince).optional(),
  postal_code: z.string().trim().max(textLimits.addressPostalCode).optional(),
  city: z.string().trim().max(textLimits.addressLine).optional(),
  category: z.string().trim().min(1).max(textLimits.categoryCode),
};

export const rateLookupQuery = z.strictObject({
  country: countryCodeBody.transform((code) => code.toUpperCase()),
  ...rateLookupPlace,
  category: rateLookupPlace.category.describe("a product category (GET /tax/categories lists them)"),
  date: queryDateBound.optional().describe("the day: ISO 8601 date (UTC) or epoch seconds; default today"),
  amount: z.coerce
    .number()
    .int()
    .min(0)
    .max(calculationLimits.maxAmount)
    .default(defaultLookupAmount)
    .describe("unit price the rules are evaluated at, minor units of currency"),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "currency is a three-letter ISO 4217 code")
    .transform((code) => code.toUpperCase())
    .default("USD"),
});
