import { boundToEpoch, calculationLimits } from "@levy/kit";
import { z } from "zod";
import {
  countryCodeBody,
  defaultLookupAmount,
  presentRateLookup,
  rateLookupPlace,
  rateLookupSchema,
} from "@levy/presenters";
import { dateBoundInput } from "../inputs.js";
import { defineTool } from "../registry.js";
import { scopeOf } from "../scope.js";

export const lookupTaxRate = defineTool({
  name: "lookup_tax_rate",
  description:
    "The jurisdictions, rates and coverage a calculation at a place would use for one product category on one day, without storing anything (as GET /tax/rates). Some rules depend on the price (e.g. New York clothing under $110): amount is the unit price they are evaluated at. Rates are fractions (0.08875 = 8.875 %).",
  input: z.strictObject({
    country: countryCodeBody.describe("ISO 3166-1 alpha-2 country code, e.g. US, DE, GB"),
    ...rateLookupPlace,
    province: rateLookupPlace.province.describe("state or province code, e.g. NY"),
    category: rateLookupPlace.category.describe("a product category from list_tax_categories"),
    date: dateBoundInput.optional().describe("the day: ISO 8601 date (UTC) or epoch seconds; default today"),
    amount: z
      .number()
      .int()
      .min(0)
      .max(calculationLimits.maxAmount)
      .default(defaultLookupAmount)
      .describe("unit price, minor units"),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .default("USD")
      .describe("ISO 4217 currency of amount"),
  }),
  output: rateLookupSchema,
  write: false,
  liveOnly: false,
  async run(args, context) {
    const scope = scopeOf(context);
    const currency = args.currency.toUpperCase();
    const lookup = await context.upstream.calcEngine.lookupRates({
      scope,
      address: {
        addressCountry: args.country.toUpperCase(),
        addressProvince: args.province ?? "",
        addressPostalCode: args.postal_code ?? "",
        addressCity: args.city ?? "",
      },
      productCategory: args.category,
      transactedAt: args.date === undefined ? 0n : BigInt(boundToEpoch(args.date, false)),
      amount: BigInt(args.amount),
      currencyCode: currency,
    });
    return presentRateLookup(lookup, { category: args.category, amount: args.amount, currency }, scope.livemode);
  },
  summarize: (result) =>
    `${result.product_category} at ${result.address_used?.address_postal_code || result.address_used?.address_country || "?"} on ${result.date}: ${(result.combined_rate * 100).toFixed(4).replace(/\.?0+$/, "")} % (${result.rate_coverage})`,
});
