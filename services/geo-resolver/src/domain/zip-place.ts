// Which place inside a ZIP an address is: the ZIP data knows the ZIP's counties (a ZIP may
// cross county and state lines) and its postal city, which is the post office's name, not
// always the municipality (Lakewood CO addresses have the postal city "Denver"). The
// address's state picks the ZIP's part in that state; its city picks the municipality and
// county when the city is a known place in one of those counties. A city Levy cannot place
// falls back to the ZIP's default place, and says so; so does a municipality the ZIP does
// not reach (by the Census ZCTA data, zcta-places.ts), even when it is the postal city:
// East Los Angeles ZIPs say "Los Angeles" but are unincorporated county.
import type { UsRegion } from "../data/us-states.js";
import type { ResolutionStatus } from "./address-resolution.js";
import { cityJurisdiction, type Jurisdiction } from "./jurisdiction.js";
import type { PlaceIndex } from "./place-index.js";
import { type PlaceShare, ZctaPlaces } from "./zcta-places.js";
import { type CityMatch, usPlaceJurisdictions, type ZipCounty, type ZipIndex } from "./zip-index.js";
import { jurisdictionSlug } from "./jurisdiction-slug.js";

export interface ZipPlace {
  readonly jurisdictions: readonly Jurisdiction[];
  /** The city to report when the address gave none. */
  readonly defaultCity: string;
  readonly status: ResolutionStatus;
  /**
   * The address named a city Levy could not place in the ZIP, or a municipality the ZIP
   * does not reach: the default place was used.
   */
  readonly approximated: boolean;
  /** The ZIP lies in several of the state's counties and the address did not pick one. */
  readonly countyAmbiguous: boolean;
}

/** With at least this share of the ZIP's land in incorporated places, its default is the largest. */
const mostlyIncorporated = 0.5;

const noZctaPlaces = new ZctaPlaces();

/** `region` is the ZIP's own state or a state one of its counties lies in. */
export function placeInZip(
  zips: ZipIndex,
  places: PlaceIndex,
  slot: number,
  region: UsRegion,
  city: string,
  zctas: ZctaPlaces = noZctaPlaces,
): ZipPlace {
  const counties = zips.counties(slot);
  const inState = counties.filter((county) => county.state === region.code);
  const home = zips.region(slot).code === region.code;
  // A postal city names a post office, not a county: only a known place lying in exactly
  // one of the ZIP's counties settles which county's taxes apply.
  const severalCounties = inState.length > 1;
  // A municipality of the state that the ZIP does not reach: no land of it lies in the
  // ZIP's ZCTA at all. A sliver still counts: land is no measure of where people live
  // (78852 has 2 % of its land in Eagle Pass and most of its residents); a threshold of 2 %
  // of the land took 3 million residents of the sweep off their postal city wrongly
  // (docs/accuracy-notes-r6-zcta.md). A ZIP that is no ZCTA (PO boxes) is never outside.
  const zip = zips.zipNumber(slot);
  const shares = zctas.sharesOf(zip, region.code);
  const mostlyInPlaces = (shares ?? []).reduce((sum, place) => sum + place.share, 0) >= mostlyIncorporated;
  // A postal city the ZIP's own municipalities stand in for: a municipality the ZIP does not
  // reach, or a name that is no municipality at all (Kingwood, a part of Houston since 1996;
  // a census-designated place) when incorporated places cover most of the ZIP. A name that
  // is no municipality in a mostly unincorporated ZIP keeps the county alone, as before.
  const replaced = (name: string): boolean =>
    zctas.outside(zip, region.code, name) ||
    (mostlyInPlaces && name !== "" && !zctas.isMunicipality(region.code, name));
  const defaultPlace = (): Pick<ZipPlace, "jurisdictions" | "defaultCity"> => {
    if (!home) return { jurisdictions: usPlaceJurisdictions(region, inState[0]?.county, undefined), defaultCity: "" };
    const postal = zips.cityName(slot, "primary");
    return replaced(postal)
      ? censusDefault(places, region, inState, shares ?? [], postal)
      : homeDefault(zips, slot, region, inState, counties, "primary");
  };

  if (home) {
    const match = city === "" ? "none" : zips.matchCity(slot, jurisdictionSlug(city));
    const chosen = match === "alternate" ? "alternate" : "primary";
    if ((city === "" || match !== "none") && replaced(zips.cityName(slot, chosen))) {
      // The postal city is no municipality of the ZIP: the ZIP's own stand in for it.
      return {
        ...defaultPlace(),
        status: city === "" ? "POSTAL_ONLY" : "POSTAL_CITY_UNKNOWN",
        approximated: city !== "",
        countyAmbiguous: severalCounties,
      };
    }
    if (city === "" || match !== "none") {
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
  if (known && county && !zctas.outside(zip, region.code, city)) {
    return {
      jurisdictions: usPlaceJurisdictions(region, county.county, known.city),
      defaultCity: known.city.name,
      status: "POSTAL_AND_CITY",
      approximated: false,
      countyAmbiguous: inState.filter((candidate) => known.counties.includes(candidate.fips)).length > 1,
    };
  }

  // A city Levy cannot place: the default place of the ZIP's part in the address's state.
  const fallback = defaultPlace();
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

/**
 * The ZIP's default place when its postal city is a municipality it does not reach: the
 * incorporated place with the largest share of the ZIP when places cover most of it, with
 * the county the gazetteer files it under among the ZIP's; else the ZIP's main county
 * alone (unincorporated). The postal city stays the address's city name.
 */
function censusDefault(
  places: PlaceIndex,
  region: UsRegion,
  inState: readonly ZipCounty[],
  shares: readonly PlaceShare[],
  postal: string,
): Pick<ZipPlace, "jurisdictions" | "defaultCity"> {
  const covered = shares.reduce((sum, place) => sum + place.share, 0);
  const largest = shares[0];
  if (!largest || covered < mostlyIncorporated) {
    return { jurisdictions: usPlaceJurisdictions(region, inState[0]?.county, undefined), defaultCity: postal };
  }
  const known = places.find(region.code, largest.name);
  const county = (known && inState.find((candidate) => known.counties.includes(candidate.fips))) ?? inState[0];
  return {
    jurisdictions: usPlaceJurisdictions(region, county?.county, known?.city ?? cityJurisdiction(region, largest.name)),
    defaultCity: known?.city.name ?? largest.name,
  };
}
