// GET /tax/rates: the jurisdictions and rates a calculation at a place would use for one
// product category on one day, determined by the same code as a calculation (the place
// resolved by geo-resolver, the jurisdiction plan, the category's rules at the given unit
// price) and stored nowhere.
import { LevyError, invalidField, isTaxCategory } from "@levy/kit";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { LookupRatesRequest, LookupRatesResponseSchema } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { isAcceptedCurrency } from "../domain/currencies.js";
import { determineLine } from "../domain/determine.js";
import { assertSupportedPlace } from "./assert-supported-place.js";
import { type CalculationDeps, limits, transactedAt, utcDay } from "./calculate.js";
import { planJurisdictions } from "./jurisdiction-plan.js";
import { taxJurisdictionOf } from "./price-order.js";

export async function lookupRates(
  deps: CalculationDeps,
  request: LookupRatesRequest,
): Promise<MessageInitShape<typeof LookupRatesResponseSchema>> {
  const address = request.address;
  if (!address || address.addressCountry === "")
    throw new LevyError("missing_field", "country is required", {
      field: "country",
      expected: "string",
      received: "undefined",
    });
  if (request.productCategory === "")
    throw new LevyError("missing_field", "category is required", {
      field: "category",
      expected: "string",
      received: "undefined",
    });
  if (!isTaxCategory(request.productCategory))
    throw new LevyError("unknown_tax_category", `category: unknown category ${request.productCategory.slice(0, 60)}`, {
      field: "category",
    });
  if (!isAcceptedCurrency(request.currencyCode))
    throw new LevyError("unsupported_currency", `currency: ${request.currencyCode.slice(0, 10)} is not accepted`, {
      field: "currency",
    });
  if (request.amount < 0n || request.amount > BigInt(limits.maxAmount))
    throw invalidField("amount", `amount must be between 0 and ${limits.maxAmount}`);
  const day = utcDay(transactedAt(deps, request.transactedAt, "date"));
  const resolved = await deps.geo.resolveLocation({ address });
  const base = {
    addressUsed: resolved.addressUsed,
    resolutionPrecision: resolved.resolutionPrecision,
    day,
  };
  if (resolved.zeroRate) return { ...base, taxJurisdictions: [], rateCoverage: "ZERO" };
  assertSupportedPlace(deps.book, resolved, { day, field: "country", allowUnsupported: false, dateField: "date" });
  const plan = planJurisdictions(deps.book, resolved, day, deps.zipRates);
  const line = determineLine(
    deps.book,
    plan.jurisdictions,
    { amount: request.amount, quantity: 1n, category: request.productCategory, taxIncluded: false },
    { day, currency: request.currencyCode },
  );
  return {
    ...base,
    rateCoverage: plan.coverage,
    taxJurisdictions: line.jurisdictions.map(taxJurisdictionOf),
  };
}
