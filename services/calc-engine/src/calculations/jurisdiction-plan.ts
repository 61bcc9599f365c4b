// Turns the jurisdictions geo-resolver found at an address into the ones that tax it,
// with their rates on the day: known jurisdictions from Levy's data, districts they
// bring in, superseded ones removed (Ontario's HST replaces the GST), and, for a US ZIP
// covered by an imported ZIP rate table, that table's four components instead.
import type { AppliedJurisdiction } from "../domain/determine.js";
import type { RateBook } from "../rates/rate-book.js";
import type { JurisdictionData } from "../rates/rate-data-schema.js";

/** The part of a resolved location the plan needs. */
export interface LocatedJurisdiction {
  readonly id: string;
  readonly name: string;
  readonly type: string;
}

export interface Location {
  readonly country: string;
  readonly province: string;
  readonly postalCode: string;
  readonly jurisdictions: readonly LocatedJurisdiction[];
}

/** Rates of one US ZIP from an imported table, as fractions. */
export interface ZipComponents {
  readonly regionName: string;
  readonly state: number;
  readonly county: number;
  readonly city: number;
  readonly special: number;
}

export type ZipRateLookup = (state: string, zip5: string, day: string) => ZipComponents | undefined;

/**
 * FULL: every tax levied at the address is known to Levy. PARTIAL: a US address in a state
 * whose local taxes Levy knows only in part; those found are charged, others may be
 * missing. STATE_ONLY: a US address in a state with local taxes, none of them known for
 * it. UNSUPPORTED: Levy has no rates for the country.
 */
export type RateCoverage = "FULL" | "PARTIAL" | "STATE_ONLY" | "UNSUPPORTED";

export interface JurisdictionPlan {
  readonly jurisdictions: readonly AppliedJurisdiction[];
  readonly coverage: RateCoverage;
}

function applied(book: RateBook, data: JurisdictionData, day: string): AppliedJurisdiction | undefined {
  const period = book.ratesOn(data, day);
  if (!period) return undefined;
  return {
    id: data.id,
    name: data.name,
    type: data.type,
    taxType: data.tax_type,
    authorityName: data.authority_name,
    displayName: data.display_name ?? data.name,
    rates: period.rates,
    fees: book.feesOn(data, day),
  };
}

const localTypes = new Set(["COUNTY", "CITY", "DISTRICT"]);

export function planJurisdictions(
  book: RateBook,
  location: Location,
  day: string,
  zipRates?: ZipRateLookup,
): JurisdictionPlan {
  const found: JurisdictionData[] = [];
  for (const located of location.jurisdictions) {
    const data = book.jurisdiction(located.id);
    if (data) found.push(data);
  }
  const presentIds = new Set(found.map((data) => data.id));
  for (const district of book.districtsFor(presentIds)) {
    if (!presentIds.has(district.id)) {
      found.push(district);
      presentIds.add(district.id);
    }
  }
  const superseded = new Set(found.flatMap((data) => data.supersedes ?? []));
  const kept = found.filter((data) => !superseded.has(data.id));
  const jurisdictions = kept
    .map((data) => applied(book, data, day))
    .filter((j): j is AppliedJurisdiction => j !== undefined);

  if (location.country !== "US") return { jurisdictions, coverage: jurisdictions.length > 0 ? "FULL" : "UNSUPPORTED" };

  const state = jurisdictions.find((j) => j.type === "STATE");
  const zip5 = location.postalCode.slice(0, 5);
  const imported = state && zip5.length === 5 ? zipRates?.(location.province, zip5, day) : undefined;
  if (state && imported) return { jurisdictions: fromZipTable(state, location, imported), coverage: "FULL" };
  if (!state) return { jurisdictions, coverage: jurisdictions.length > 0 ? "FULL" : "UNSUPPORTED" };
  const placeIds = location.jurisdictions.map((located) => located.id);
  // The completeness claim covers places: an address placed at state level only (no county) may owe any local tax.
  const placed = location.jurisdictions.some((located) => located.type === "COUNTY");
  return { jurisdictions, coverage: usCoverage(book.jurisdiction(state.id), jurisdictions, placeIds, day, placed) };
}

/** A local entry found proves nothing about the others: only a state's complete data does. */
function usCoverage(
  state: JurisdictionData | undefined,
  jurisdictions: readonly AppliedJurisdiction[],
  placeIds: readonly string[],
  day: string,
  placed: boolean,
): RateCoverage {
  if (state?.local_taxes === false) return "FULL";
  const complete = state?.local_data_complete;
  if (complete && placed && day >= complete.from && !placeIds.some((id) => complete.except?.includes(id)))
    return "FULL";
  return jurisdictions.some((j) => localTypes.has(j.type)) ? "PARTIAL" : "STATE_ONLY";
}

/** The imported table's components, named after geo-resolver's county and city where known. */
function fromZipTable(state: AppliedJurisdiction, location: Location, zip: ZipComponents): AppliedJurisdiction[] {
  const named = (type: string) => location.jurisdictions.find((j) => j.type === type);
  const local = (type: string, rate: number, fallbackName: string): AppliedJurisdiction | undefined => {
    if (rate === 0) return undefined;
    const geo = named(type);
    const stateCode = location.province;
    return {
      id: geo?.id ?? `US-${stateCode}-${type === "DISTRICT" ? "DIST" : type}-ZIP${location.postalCode.slice(0, 5)}`,
      name: geo?.name ?? fallbackName,
      type,
      taxType: "SALES",
      authorityName: state.authorityName,
      displayName: geo?.name ?? fallbackName,
      rates: { standard: rate },
      fees: [],
    };
  };
  return [
    { ...state, rates: { standard: zip.state } },
    local("COUNTY", zip.county, `${zip.regionName} county tax`),
    local("CITY", zip.city, `${zip.regionName} city tax`),
    local("DISTRICT", zip.special, `${zip.regionName} special district tax`),
  ].filter((j): j is AppliedJurisdiction => j !== undefined);
}
