// Which place inside a ZIP an address is: the ZIP data knows the ZIP's counties (a ZIP may
// cross county and state lines) and its postal city, which is the post office's name, not
// always the municipality (Lakewood CO addresses have the postal city "Denver"). The
// address's state picks the ZIP's part in that state; its city picks the municipality and
// county when the city is a known place in one of those counties. A city Levy cannot place
// falls back to the ZIP's default place, and says so.
import type { UsRegion } from "../data/us-states.js";
import type { ResolutionStatus } from "./address-resolution.js";
import type { Jurisdiction } from "./jurisdiction.js";
import type { PlaceIndex } from "./place-index.js";
import { usPlaceJurisdictions, type ZipCounty, type ZipIndex } from "./zip-index.js";
import { jurisdictionSlug } from "./jurisdiction-slug.js";

export interface ZipPlace {
  readonly jurisdictions: readonly Jurisdiction[];
  /** The city to report when the address gave none. */
  readonly defaultCity: string;
  readonly status: ResolutionStatus;
  /** The address named a city Levy could not place in the ZIP: the default place was used. */
  readonly approximated: boolean;
}

/** `region` is the ZIP's own state or a state one of its counties lies in. */
export function placeInZip(zips: ZipIndex, places: PlaceIndex, slot: number, region: UsRegion, city: string): ZipPlace {
  const counties = zips.counties(slot);
  const inState = counties.filter((county) => county.state === region.code);
  // The ZIP's default place (postal city, first county) belongs to its own state's part.
  const ownPart = zips.region(slot).code === region.code && (inState.length === 0 || inState[0] === counties[0]);

  if (ownPart) {
    const match = city === "" ? "none" : zips.matchCity(slot, jurisdictionSlug(city));
    if (city === "" || match !== "none") {
      const chosen = match === "alternate" ? "alternate" : "primary";
      return {
        jurisdictions: zips.jurisdictions(slot, chosen),
        defaultCity: zips.cityName(slot, chosen),
        status: match !== "none" && zips.hasAlternateCity(slot) ? "POSTAL_AND_CITY" : "POSTAL_ONLY",
        approximated: false,
      };
    }
  }

  const known = city === "" ? undefined : places.find(region.code, city);
  const county = known && inState.find((candidate) => known.counties.includes(candidate.fips));
  if (known && county) {
    return {
      jurisdictions: usPlaceJurisdictions(region, county.county, known.city),
      defaultCity: known.city.name,
      status: "POSTAL_AND_CITY",
      approximated: false,
    };
  }

  if (ownPart) {
    return {
      jurisdictions: zips.jurisdictions(slot),
      defaultCity: zips.cityName(slot),
      status: "POSTAL_CITY_UNKNOWN",
      approximated: true,
    };
  }
  // The ZIP's part in another state: its largest county there, no city unless named.
  return otherStatePart(region, inState[0], city);
}

function otherStatePart(region: UsRegion, county: ZipCounty | undefined, city: string): ZipPlace {
  return {
    jurisdictions: usPlaceJurisdictions(region, county?.county, undefined),
    defaultCity: "",
    status: city === "" ? "POSTAL_ONLY" : "POSTAL_CITY_UNKNOWN",
    approximated: city !== "",
  };
}
