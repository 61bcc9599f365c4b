// A calculation Levy cannot answer from its rate data is refused instead of answered
// with zero tax: a place where Levy holds no rates at all (unsupported_jurisdiction,
// unless the request opts in to a zero answer marked UNSUPPORTED) and a day outside the
// place's rate history (unsupported_transacted_at, naming the earliest or the last
// supported day: the latter where a country- or state-wide rate is known only up to a
// date, e.g. one set by a decree that must be renewed).
import { LevyError } from "@levy/kit";
import type { RateBook } from "../rates/rate-book.js";
import type { JurisdictionData } from "../rates/rate-data-schema.js";
import type { Location } from "./jurisdiction-plan.js";

export interface SupportedPlaceOptions {
  /** The calculation's day, YYYY-MM-DD (UTC). */
  readonly day: string;
  /** The request field that placed the customer (or merchant), named in the error. */
  readonly field: string;
  /** The request's allow_unsupported_jurisdiction: a place without rates answers zero tax. */
  readonly allowUnsupported: boolean;
  /** The request field that gave the day (default transacted_at). */
  readonly dateField?: string;
}

// Country- and state-wide taxes exist for as long as Levy's history of the place does;
// a county, city or district may start later because the tax itself did (Oakland 2025).
const broadTypes: ReadonlySet<string> = new Set(["COUNTRY", "STATE"]);

function firstDay(data: JurisdictionData): string {
  let first = data.rates[0]!.effective_from;
  for (const period of data.rates) if (period.effective_from < first) first = period.effective_from;
  return first;
}

/**
 * The first day on which Levy holds every country- and state-wide tax of the place: the
 * latest of their first effective_from (all the place's jurisdictions when it has none).
 */
export function earliestSupportedDay(found: readonly JurisdictionData[]): string {
  let earliest = "";
  for (const data of historyBearers(found)) {
    const first = firstDay(data);
    if (first > earliest) earliest = first;
  }
  return earliest;
}

/**
 * The first day on which Levy no longer holds one of the place's country- or state-wide
 * taxes (the earliest `effective_to` of their last periods), or undefined when all run on.
 * A local tax that ended is not counted: the tax itself is gone.
 */
export function dataEndDay(found: readonly JurisdictionData[]): string | undefined {
  let end: string | undefined;
  for (const data of historyBearers(found)) {
    const last = data.rates.reduce((a, b) => (b.effective_from > a.effective_from ? b : a));
    if (last.effective_to !== null && (end === undefined || last.effective_to < end)) end = last.effective_to;
  }
  return end;
}

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

function historyBearers(found: readonly JurisdictionData[]): readonly JurisdictionData[] {
  const broad = found.filter((data) => broadTypes.has(data.type));
  return broad.length > 0 ? broad : found;
}

function countryName(location: Location, code: string): string {
  const country = location.jurisdictions.find((j) => j.type === "COUNTRY" && j.id === code);
  return country ? `${country.name} (${code})` : code;
}

export function assertSupportedPlace(book: RateBook, location: Location, options: SupportedPlaceOptions): void {
  const found: JurisdictionData[] = [];
  for (const located of location.jurisdictions) {
    const data = book.jurisdiction(located.id);
    if (data) found.push(data);
  }
  if (found.length === 0) {
    if (options.allowUnsupported) return;
    const code = location.addressUsed?.addressCountry ?? "";
    throw new LevyError(
      "unsupported_jurisdiction",
      `Levy has no tax rates for ${countryName(location, code)}, so it cannot calculate the tax (${options.field}); send allow_unsupported_jurisdiction: true to get a zero-tax answer marked rate_coverage UNSUPPORTED`,
      { field: options.field, country: code },
    );
  }
  const earliest = earliestSupportedDay(found);
  if (options.day < earliest) {
    throw new LevyError(
      "unsupported_transacted_at",
      `${options.dateField ?? "transacted_at"} ${options.day} is before Levy's rate data for ${historyBearers(found)
        .map((data) => data.name)
        .join(", ")}, which starts on ${earliest}`,
      { field: options.dateField ?? "transacted_at", earliest_supported_date: earliest },
    );
  }
  const end = dataEndDay(found);
  if (end !== undefined && options.day >= end) {
    const last = dayBefore(end);
    throw new LevyError(
      "unsupported_transacted_at",
      `transacted_at ${options.day} is after Levy's rate data for ${historyBearers(found)
        .map((data) => data.name)
        .join(", ")}, which ends on ${last}`,
      { field: "transacted_at", latest_supported_date: last },
    );
  }
}
