// The rate lookup (`object` = `tax.rate_lookup`, GET /tax/rates and the MCP tool
// lookup_tax_rate): what a calculation at a place would use for one category on one day.
// The jurisdictions are spelled as on a calculation's line; `combined_rate` is their sum.
import type { LookupRatesResponse } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { z } from "zod";
import { addressSchema, presentAddress } from "./address.js";
import { jurisdictionSchema, presentJurisdiction } from "./tax-line.js";

export const rateLookupSchema = z.object({
  object: z.literal("tax.rate_lookup"),
  date: z.string().describe("the UTC day the rates are in force, YYYY-MM-DD"),
  product_category: z.string(),
  amount: z.number().int().describe("the unit price the rules were evaluated at, minor units"),
  currency_code: z.string(),
  address_used: addressSchema.nullable(),
  resolution_precision: z.string(),
  rate_coverage: z
    .string()
    .describe("FULL, PARTIAL (some taxes levied there may be missing), STATE_ONLY, UNSUPPORTED, or ZERO"),
  combined_rate: z.number().describe("sum of the jurisdictions' rates, a fraction (0.08875 = 8.875 %)"),
  jurisdictions: z.array(jurisdictionSchema),
  testmode: z.boolean(),
});
export type RateLookup = z.infer<typeof rateLookupSchema>;

export function presentRateLookup(
  lookup: LookupRatesResponse,
  asked: { category: string; amount: number; currency: string },
  livemode: boolean,
): RateLookup {
  // Rates are decimal fractions with at most 6 places: the sum is rounded back to them so
  // that 0.04 + 0.045 reads 0.085, not a binary neighbour.
  const combined = lookup.taxJurisdictions.reduce((sum, entry) => sum + entry.taxRate, 0);
  return {
    object: "tax.rate_lookup",
    date: lookup.day,
    product_category: asked.category,
    amount: asked.amount,
    currency_code: asked.currency,
    address_used: presentAddress(lookup.addressUsed),
    resolution_precision: lookup.resolutionPrecision,
    rate_coverage: lookup.rateCoverage,
    combined_rate: Math.round(combined * 1e8) / 1e8,
    jurisdictions: lookup.taxJurisdictions.map(presentJurisdiction),
    testmode: !livemode,
  };
}
