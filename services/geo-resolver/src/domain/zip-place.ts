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
import { type CityMatch, usPlaceJurisdictions, type ZipCounty, type ZipIndex } from "./zip-index.js";
import { jurisdictionSlug } from "./jurisdiction-slug.js";

export interface ZipPlace {
  readonly jurisdictions: readonly Jurisdiction[];
  /** The city to report when the address gave none. */
  readonly defaultCity: string;
  readonly status: ResolutionStatus;
  /** The address named a city Levy could not place in the ZIP: the default place was used. */
  readonly approximated: boolean;
  /** The ZIP lies in several of the state's counties and the address did not pick one. */
  readonly countyAmbiguous: boolean;
}

/** `region` is the ZIP's own state or a state one of its counties lies in. */
export function placeInZip(zips: ZipIndex, places: PlaceIndex, slot: number, region: UsRegion, city: string): ZipPlace {
  const counties = zips.counties(slot);
  const inState = counties.filter((county) => county.state === region.code);
  const home = zips.region(slot).code === region.code;
  // A postal city names a post office, not a county: only a known place lying in exactly
  // one of the ZIP's counties settles which county's taxes apply.
  const severalCounties = inState.length > 1;

  if (home) {
    const match = city === "" ? "none" : zips.matchCity(slot, jurisdictionSlug(city));
    if (city === "" || match !== "none") {
      const chosen = match === "alternate" ? "alternate" : "primary";
      return {
        ...homeDefault(zips, slot, region, inState, counties, chosen),
        status: match !== "none" && zips.hasAlternateCity(slot) ? "POSTAL_AND_CITY" : "POSTAL_ONLY",
        approximated: false,
        countyAmbiguous: severalCounties,
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
      countyAmbiguous: inState.filter((candidate) => known.counties.includes(candidate.fips)).length > 1,
    };
  }

  // A city Levy cannot place: the default place of the ZIP's part in the address's state.
  const fallback = home
    ? homeDefault(zips, slot, region, inState, counties, "primary")
    : { jurisdictions: usPlaceJurisdictions(region, inState[0]?.county, undefined), defaultCity: "" };
  return city === ""
    ? { ...fallback, status: "POSTAL_ONLY", approximated: false, countyAmbiguous: severalCounties }
    : { ...fallback, status: "POSTAL_CITY_UNKNOWN", approximated: true, countyAmbiguous: severalCounties };
}

/**
 * The ZIP's own default place: its postal city and main county, shared per ZIP; when the
 * main county lies in another state (82930 Evanston WY, mostly in Summit County UT), the
 * postal city with the ZIP's largest county in its own state.
 */
function homeDefault(
  zips: ZipIndex,
  slot: number,
  region: UsRegion,
  inState: readonly ZipCounty[],
  counties: readonly ZipCounty[],
  chosen: CityMatch,
): Pick<ZipPlace, "jurisdictions" | "defaultCity"> {
  const jurisdictions =
    inState.length === 0 || inState[0] === counties[0]
      ? zips.jurisdictions(slot, chosen)
      : usPlaceJurisdictions(region, inState[0]!.county, zips.cityJurisdiction(slot, chosen));
  return { jurisdictions, defaultCity: zips.cityName(slot, chosen) };
}
