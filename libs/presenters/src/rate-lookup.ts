// GET /tax/rates: what a calculation at a place would use for one category on one day.
// The jurisdictions are spelled as on a calculation's line; `combined_rate` is their sum.
import type { LookupRatesResponse } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { presentAddress } from "./address.js";
import { presentJurisdiction } from "./tax-line.js";

export function presentRateLookup(
  lookup: LookupRatesResponse,
  asked: { category: string; amount: number; currency: string },
  livemode: boolean,
) {
  // Rates are decimal fractions with at most 6 places: the sum is rounded back to them so
  // that 0.04 + 0.045 reads 0.085, not a binary neighbour.
  const combined = lookup.taxJurisdictions.reduce((sum, entry) => sum + entry.taxRate, 0);
  return {
    object: "tax.rate_lookup" as const,
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
