// Turns the jurisdictions geo-resolver found at an address into the ones that tax it,
// with their rates on the day: known jurisdictions from Levy's data, districts they
// bring in, superseded ones removed (Ontario's HST replaces the GST), and, for a US ZIP
// covered by an imported ZIP rate table, that table's rate spread over them
// (imported-rate-plan.ts).
import type { Address } from "@levy/proto/levy/common/v1/common_pb.js";
import type { AppliedJurisdiction } from "../domain/determine.js";
import type { RateBook } from "../rates/rate-book.js";
import type { JurisdictionData } from "../rates/rate-data-schema.js";
import { type ImportedZipRow, planFromImportedRow } from "./imported-rate-plan.js";

/** The part of a resolved location the plan needs. */
export interface LocatedJurisdiction {
  readonly id: string;
  readonly name: string;
  readonly type: string;
}

/**
 * The part of geo-resolver's answer (ResolveLocationResponse) the plan reads: the answer
 * itself is passed, not a projection of it.
 */
export interface Location {
  readonly addressUsed?: Pick<Address, "addressCountry" | "addressProvince" | "addressPostalCode">;
  readonly jurisdictions: readonly LocatedJurisdiction[];
  /** geo-resolver took the ZIP's main county among several (the address chose none). */
  readonly countyAmbiguous?: boolean;
}

/** The imported table row in force for a state (or territory) code and ZIP on a day. */
export type ZipRateLookup = (state: string, zip5: string, day: string) => ImportedZipRow | undefined;

/** The imported table an answer came from: its month and whether it is past its horizon. */
export interface RateTableUsed {
  readonly effectiveFrom: string;
  readonly stale: boolean;
}

/**
 * FULL: every tax levied at the address is known to Levy. PARTIAL: a US address in a state
 * whose local taxes Levy knows only in part, a Canadian address without its province, or a
 * place with a tax Levy does not calculate (`unmodelled_taxes`, e.g. Ceuta's IPSI);
 * those found are charged, others may be missing. STATE_ONLY: a US address in a state with local taxes, none of them known for
 * it. UNSUPPORTED: Levy has no rates for the country.
 */
export type RateCoverage = "FULL" | "PARTIAL" | "STATE_ONLY" | "UNSUPPORTED";

export interface JurisdictionPlan {
  readonly jurisdictions: readonly AppliedJurisdiction[];
  readonly coverage: RateCoverage;
  /** Set when an imported ZIP rate table decided the rates. */
  readonly rateTable?: RateTableUsed;
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
    .map((data) => book.applied(data, day))
    .filter((j): j is AppliedJurisdiction => j !== undefined);

  const country = location.addressUsed?.addressCountry ?? "";
  if (country === "CA") return { jurisdictions, coverage: canadaCoverage(location, jurisdictions) };
  const imported = zipRates ? fromZipTable(book, location, kept, day, zipRates) : undefined;
  if (imported) return imported;
  if (country !== "US") {
    if (jurisdictions.length === 0) return { jurisdictions, coverage: "UNSUPPORTED" };
    return { jurisdictions, coverage: kept.some((data) => leviesUnmodelledTax(data, day)) ? "PARTIAL" : "FULL" };
  }

  const state = jurisdictions.find((j) => j.type === "STATE");
  if (!state) return { jurisdictions, coverage: jurisdictions.length > 0 ? "FULL" : "UNSUPPORTED" };
  const placeIds = location.jurisdictions.map((located) => located.id);
  // The completeness claim covers places: an address placed at state level only (no county) may owe any local tax.
  // So does one placed in a county it merely guessed (a ZIP across counties): which
  // county's taxes apply is not known, so the answer cannot be FULL.
  const placed = location.jurisdictions.some((located) => located.type === "COUNTY") && !location.countyAmbiguous;
  return { jurisdictions, coverage: usCoverage(book.jurisdiction(state.id), jurisdictions, placeIds, day, placed) };
}

/** A tax Levy does not calculate is in force at the place on the day (the answer may be short of it). */
function leviesUnmodelledTax(data: JurisdictionData, day: string): boolean {
  return (data.unmodelled_taxes ?? []).some((tax) => tax.from <= day && (tax.to === null || day < tax.to));
}

/**
 * Canada: the GST is always known, but without the province the HST or provincial tax
 * that may replace or join it is not, so the answer is PARTIAL (the GST alone).
 */
function canadaCoverage(location: Location, jurisdictions: readonly AppliedJurisdiction[]): RateCoverage {
  if (jurisdictions.length === 0) return "UNSUPPORTED";
  return location.jurisdictions.some((located) => located.type === "STATE") ? "FULL" : "PARTIAL";
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

/**
 * The plan from an imported table, when one has a row for the ZIP: a US state's address
 * (the table of its state) or a territory that uses US ZIPs (Puerto Rico's own table).
 */
function fromZipTable(
  book: RateBook,
  location: Location,
  kept: readonly JurisdictionData[],
  day: string,
  zipRates: ZipRateLookup,
): JurisdictionPlan | undefined {
  const used = location.addressUsed;
  const zip5 = (used?.addressPostalCode ?? "").slice(0, 5);
  if (!used || !/^\d{5}$/.test(zip5)) return undefined;
  const territory = used.addressCountry !== "US";
  const state = kept.find((data) =>
    territory ? data.type === "COUNTRY" && data.id === used.addressCountry : data.type === "STATE",
  );
  if (!state) return undefined;
  const row = zipRates(territory ? used.addressCountry : used.addressProvince, zip5, day);
  if (!row) return undefined;
  const locals = kept.filter((data) => localTypes.has(data.type));
  const geoPlaces = location.jurisdictions.filter((located) => localTypes.has(located.type));
  const place = { stateCode: state.id, geoPlaces };
  // A state's own surtax on part of a price (Tennessee's single article tax) is not in any
  // table's combined rate: it is charged as Levy's data has it.
  const surtaxes = kept
    .filter((data) => data !== state && data.type === "STATE")
    .map((data) => book.applied(data, day))
    .filter((j): j is AppliedJurisdiction => j !== undefined);
  const jurisdictions = [...planFromImportedRow({ book, state, locals, place, row, day }), ...surtaxes];
  return {
    jurisdictions,
    coverage: "FULL",
    rateTable: { effectiveFrom: row.effectiveFrom, stale: day >= row.staleFrom },
  };
}
