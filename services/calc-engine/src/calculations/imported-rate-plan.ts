// Answers an address from a row of an imported ZIP rate table while keeping Levy's own
// jurisdictions: the row's combined rate is reproduced exactly, but it is spread over
// the state, county, city and districts Levy knows at the address (found by geo-resolver
// or by the row's region name), so their taxability rules, caps and collecting
// authorities still apply. A rate Levy changes after the table's month is Levy's.
import { jurisdictionSlug } from "@levy/kit";
import type { AppliedJurisdiction } from "../domain/determine.js";
import { rateFromUnits, rateUnits } from "../domain/tax-math.js";
import type { RateBook } from "../rates/rate-book.js";
import type { JurisdictionData } from "../rates/rate-data-schema.js";

/** One row of an imported table; rates in 1e-7 units. */
export interface ImportedZipRow {
  readonly regionName: string;
  /** First day of the table's month. */
  readonly effectiveFrom: string;
  /** First day the table is past its horizon. */
  readonly staleFrom: string;
  readonly combined: number;
  readonly state: number;
  readonly county: number;
  readonly city: number;
  readonly special: number;
}

export interface ImportedPlace {
  /** "US-XX" for a state, the territory's code (e.g. "PR") for a territory. */
  readonly stateCode: string;
  /** Geo-resolver's county and city at the address (ids and names), when it has them. */
  readonly geoPlaces: ReadonlyArray<{ readonly id: string; readonly name: string; readonly type: string }>;
}

type LocalType = "COUNTY" | "CITY" | "DISTRICT";
const localTypes: readonly LocalType[] = ["COUNTY", "CITY", "DISTRICT"];
const idPart: Record<LocalType, string> = { COUNTY: "COUNTY", CITY: "CITY", DISTRICT: "DIST" };

export interface ImportedRowOptions {
  readonly book: RateBook;
  /** Levy's state (or territory) data. */
  readonly state: JurisdictionData;
  /** Levy's county, city and district data found at the address. */
  readonly locals: readonly JurisdictionData[];
  readonly place: ImportedPlace;
  readonly row: ImportedZipRow;
  /** The transaction day. */
  readonly day: string;
}

/** The jurisdictions that tax the address, with the row's combined rate between them. */
export function planFromImportedRow({
  book,
  state,
  locals,
  place,
  row,
  day,
}: ImportedRowOptions): AppliedJurisdiction[] {
  const atTable = (data: JurisdictionData) => standardUnits(book, data, row.effectiveFrom);
  // A later built-in change (a new period, or one ending) wins from its effective date.
  const changedSince = (data: JurisdictionData) =>
    data.rates.some(
      (period) =>
        (period.effective_from > row.effectiveFrom && period.effective_from <= day) ||
        (period.effective_to !== null && period.effective_to > row.effectiveFrom && period.effective_to <= day),
    );
  // A territory Levy holds as one rate (Puerto Rico) is split as the table splits it; a
  // state keeps its statutory rate and the locals take the rest of the combined rate
  // (the tables put parts of some state rates, e.g. California's 1.25 %, in the locals).
  const territory = state.type === "COUNTRY";
  // The table's split of a territory's one rate no longer holds once Levy's rate changed.
  if (territory && changedSince(state)) return appliedAll(book, [state, ...locals], day);
  let stateUnits = territory ? row.state : atTable(state);
  if (stateUnits > row.combined) stateUnits = row.combined; // e.g. tribal areas without the state tax
  const localTarget = row.combined - stateUnits;
  const stateApplied = changedSince(state) ? book.applied(state, day) : withStandard(book, state, day, stateUnits);

  const result: AppliedJurisdiction[] = stateApplied ? [stateApplied] : [];
  const sum = (list: readonly JurisdictionData[]) => list.reduce((total, data) => total + atTable(data), 0);
  if (locals.length > 0 && sum(locals) === localTarget) return [...result, ...appliedAll(book, locals, day)];

  const parts = splitLocals(row, localTarget);
  for (const type of localTypes) {
    const group = locals.filter((data) => data.type === type);
    const target = parts[type];
    if (group.some(changedSince) || (group.length > 0 && sum(group) === target)) {
      result.push(...appliedAll(book, group, day));
      continue;
    }
    if (group.length > 0) {
      result.push(...overridden(book, group, target, day));
      continue;
    }
    if (target === 0) continue;
    const named = book.jurisdiction(localId(place, type, row.regionName));
    result.push(
      named
        ? withStandard(book, named, day, target)!
        : synthesized(state, place, type, row.regionName, target, stateApplied?.authorityName ?? state.authority_name),
    );
  }
  return result;
}

function standardUnits(book: RateBook, data: JurisdictionData, day: string): number {
  const period = book.ratesOn(data, day);
  return period ? Number(rateUnits(period.rates.standard ?? 0)) : 0;
}

function appliedAll(book: RateBook, list: readonly JurisdictionData[], day: string): AppliedJurisdiction[] {
  return list.map((data) => book.applied(data, day)).filter((j): j is AppliedJurisdiction => j !== undefined);
}

/** Levy's jurisdiction with the table's standard rate; its other rates (reduced, …) and rules stay. */
function withStandard(book: RateBook, data: JurisdictionData, day: string, units: number): AppliedJurisdiction {
  const applied = book.applied(data, day);
  const base = applied ?? {
    id: data.id,
    name: data.name,
    type: data.type,
    taxType: data.tax_type,
    authorityName: data.authority_name,
    displayName: data.display_name ?? data.name,
    rates: {},
    fees: book.feesOn(data, day),
  };
  return { ...base, rates: { ...base.rates, standard: rateFromUnits(BigInt(units)) } };
}

/** Several of Levy's jurisdictions at one level: the first takes what the others leave. */
function overridden(
  book: RateBook,
  group: readonly JurisdictionData[],
  target: number,
  day: string,
): AppliedJurisdiction[] {
  if (target === 0) return []; // the table says the level levies nothing here
  const [first, ...rest] = group as [JurisdictionData, ...JurisdictionData[]];
  const others = rest.reduce((total, data) => total + standardUnits(book, data, day), 0);
  if (others <= target) return [withStandard(book, first, day, target - others), ...appliedAll(book, rest, day)];
  return [withStandard(book, first, day, target)];
}

/**
 * The table's county, city and special parts, made to add up to `target`: a surplus (the
 * part of the state rate the table counts as local) comes off the county first, then the
 * city, then the districts; a shortfall goes to the districts.
 */
function splitLocals(row: ImportedZipRow, target: number): Record<LocalType, number> {
  const parts: Record<LocalType, number> = { COUNTY: row.county, CITY: row.city, DISTRICT: row.special };
  let surplus = row.county + row.city + row.special - target;
  for (const type of localTypes) {
    const cut = Math.min(Math.max(surplus, 0), parts[type]);
    parts[type] -= cut;
    surplus -= cut;
  }
  if (surplus < 0) parts.DISTRICT -= surplus;
  return parts;
}

/** Geo-resolver's id for the county or city at the address, else one made from the row's region name. */
function localId(place: ImportedPlace, type: LocalType, regionName: string): string {
  const geo = place.geoPlaces.find((located) => located.type === type);
  if (geo) return geo.id;
  return `${place.stateCode}-${idPart[type]}-${jurisdictionSlug(regionName, type === "COUNTY" ? "COUNTY" : undefined)}`;
}

/** A local tax Levy has no data for: named after geo-resolver's place or the table's region. */
function synthesized(
  state: JurisdictionData,
  place: ImportedPlace,
  type: LocalType,
  regionName: string,
  units: number,
  authorityName: string,
): AppliedJurisdiction {
  const geo = place.geoPlaces.find((located) => located.type === type);
  const region = titleCase(regionName);
  const name =
    state.type === "COUNTRY"
      ? `${geo?.name ?? region} municipal sales tax`
      : type === "DISTRICT"
        ? `${region} special district tax`
        : `${geo?.name ?? region} local sales tax`;
  return {
    id: localId(place, type, regionName),
    name,
    type,
    taxType: state.tax_type,
    authorityName,
    displayName: name,
    rates: { standard: rateFromUnits(BigInt(units)) },
    fees: [],
  };
}

function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}
