// The places (municipalities and other named communities) of each US state with the
// counties they are filed under, looked up by the address city's slug, so that
// "St. Louis", "Saint Louis" and "ST LOUIS" are one place, and so are "Ft. Worth" and
// "Fort Worth" (only for the lookup: ids keep the shared slug of the place's own name).
import { usRegion } from "../data/us-states.js";
import type { UsPlaceRecord } from "../loading/geonames-places.js";
import { cityJurisdiction, type Jurisdiction } from "./jurisdiction.js";
import { jurisdictionSlug } from "./jurisdiction-slug.js";

/** The slug with the words people abbreviate in place names abbreviated (MOUNT → MT, FORT → FT). */
export function lookupKey(state: string, name: string): string {
  // "Lees Summit" (USPS) and "Lee's Summit" (Census) are one place: apostrophes go first.
  const slug = jurisdictionSlug(name.replace(/['’]/g, ""))
    .replace(/(^|_)MOUNT(?=_|$)/g, "$1MT")
    .replace(/(^|_)FORT(?=_|$)/g, "$1FT");
  return `${state}|${slug}`;
}

export interface KnownPlace {
  readonly city: Jurisdiction;
  /** 5-digit county FIPS codes, in the order the gazetteer lists the place. */
  readonly counties: readonly number[];
}

export class PlaceIndex {
  private readonly places = new Map<string, { city: Jurisdiction; counties: number[] }>();

  /** Adds a place; the same name again in the state adds its county (several places, one name). */
  add(record: UsPlaceRecord): void {
    const region = usRegion(record.state);
    if (!region || record.name === "") return;
    const key = lookupKey(region.code, record.name);
    let place = this.places.get(key);
    if (!place) {
      place = { city: cityJurisdiction(region, record.name), counties: [] };
      this.places.set(key, place);
    }
    if (record.countyFips > 0 && !place.counties.includes(record.countyFips)) place.counties.push(record.countyFips);
  }

  get size(): number {
    return this.places.size;
  }

  /** The place of that name in the state (USPS code), or undefined. */
  find(state: string, city: string): KnownPlace | undefined {
    return this.places.get(lookupKey(state, city));
  }
}
