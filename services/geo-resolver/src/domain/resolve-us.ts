// US addresses (and the territories that use US ZIPs) to jurisdictions, from the ZIP
// index: country, state, county and city of the address's part of the ZIP (zip-place.ts);
// the state alone for a ZIP the data does not know; only the country for military mail.
import { invalidField } from "@levy/kit";
import { militaryRegions, usRegionFrom, type UsRegion } from "../data/us-states.js";
import { contradiction, unresolvable, type AddressResolution } from "./address-resolution.js";
import { usStateJurisdiction, usTerritoryJurisdiction, type Jurisdiction } from "./jurisdiction.js";
import type { AddressInput } from "./normalize-address.js";
import type { PlaceIndex } from "./place-index.js";
import { unitedStates, type ZipIndex } from "./zip-index.js";
import type { ZctaPlaces } from "./zcta-places.js";
import { placeInZip } from "./zip-place.js";

/** AE for 090-099, AA for 340, AP for 962-966 (APO/FPO/DPO ZIPs), else undefined. */
export function militaryStateOfZip(zip: string): string | undefined {
  const prefix = zip.slice(0, 3);
  if (prefix.startsWith("09")) return "AE";
  if (prefix === "340") return "AA";
  if (prefix >= "962" && prefix <= "966") return "AP";
  return undefined;
}

type Place = { readonly region: UsRegion } | { readonly military: string };

function placeOfProvince(province: string): Place | undefined {
  if (province === "") return undefined;
  if (militaryRegions[province]) return { military: province };
  const region = usRegionFrom(province);
  if (!region)
    throw invalidField(
      "address_province",
      `"${province.slice(0, 30)}" is not a US state, territory or armed forces code`,
    );
  return { region };
}

function codeOf(place: Place): string {
  return "military" in place ? place.military : place.region.code;
}

/**
 * A rural ZIP (fewer residents per km² than this) given with a neighbouring state whose
 * ZIPs lie this close to it is answered for that state at state level: ZIPs are delivery
 * routes, and out in the country they cross state lines where the ZIP data (Census ZCTAs,
 * drawn from where residents live) places the ZIP in one state only. In towns a ZCTA
 * reaches every street of its ZIP, so a ZIP of the other state there stays a contradiction.
 */
const acrossTheLine = { km: 60, ruralDensity: 10 };

/**
 * The state whose part of the ZIP the address is in: the ZIP's own, or the address's
 * state when one of the ZIP's counties lies there (a ZIP crossing a state line);
 * `nearby` when only the ZIP's delivery area may reach the address's state.
 */
function stateOfZipPart(
  index: ZipIndex,
  slot: number,
  place: Place | undefined,
): { readonly region: UsRegion; readonly nearby?: true } {
  const own = index.region(slot);
  if (!place || codeOf(place) === own.code) return { region: own };
  const states = [own.code, ...index.counties(slot).map((county) => county.state)];
  if ("region" in place && states.includes(place.region.code)) return { region: place.region };
  if ("region" in place && !place.region.territory && !own.territory) {
    const rural = index.density(slot) < acrossTheLine.ruralDensity;
    if (rural && index.kilometresToState(slot, place.region.code) <= acrossTheLine.km) {
      return { region: place.region, nearby: true };
    }
  }
  const others = [...new Set(states)].filter((code) => code !== own.code && code !== "");
  const where = [`${own.name} (${own.code})`, ...others].join(" and ");
  throw contradiction("address_postal_code", `ZIP ${index.zip(slot)} is in ${where}, not in ${codeOf(place)}`);
}

const stateLevels = new Map<string, readonly Jurisdiction[]>();

/** The country and state (or the territory alone), built once per region. */
function stateLevel(region: UsRegion): readonly Jurisdiction[] {
  let list = stateLevels.get(region.code);
  if (!list) {
    list = Object.freeze(
      region.territory ? [usTerritoryJurisdiction(region)] : [unitedStates, usStateJurisdiction(region)],
    );
    stateLevels.set(region.code, list);
  }
  return list;
}

/** The address as used: territories become their own country, the province is filled in. */
function used(address: AddressInput, country: string, province: string, city: string): AddressInput {
  return {
    ...address,
    address_country: country,
    address_province: province,
    address_city: address.address_city === "" ? city : address.address_city,
  };
}

/**
 * `territory` is set when the address's country code is a territory's own (PR, GU, VI,
 * AS, MP): the ZIP and province must then belong to it.
 */
export function resolveUsAddress(
  index: ZipIndex,
  places: PlaceIndex,
  address: AddressInput,
  territory?: UsRegion,
  zctas?: ZctaPlaces,
): AddressResolution {
  const zip = address.address_postal_code;
  let place = placeOfProvince(address.address_province);
  if (territory) {
    if (place && codeOf(place) !== territory.code) {
      throw contradiction(
        "address_province",
        `province ${codeOf(place)} is not part of ${territory.name} (${territory.code})`,
      );
    }
    place = { region: territory };
  }
  const precision = zip.length === 10 ? "POSTAL_PLUS" : "POSTAL";

  if (zip !== "") {
    const military = militaryStateOfZip(zip);
    if (military) {
      if (place && codeOf(place) !== military)
        throw contradiction(
          "address_postal_code",
          `ZIP ${zip} is an armed forces ZIP (${military}), not in ${codeOf(place)}`,
        );
      return {
        address_used: used(address, "US", military, ""),
        jurisdictions: [unitedStates],
        resolution_precision: precision,
        address_resolution_status: "MILITARY",
      };
    }
    const slot = index.slotOf(zip);
    if (slot >= 0) {
      const { region, nearby } = stateOfZipPart(index, slot, place);
      if (nearby) {
        return {
          address_used: used(address, "US", region.code, ""),
          jurisdictions: stateLevel(region),
          resolution_precision: "PROVINCE",
          address_resolution_status: "POSTAL_UNKNOWN",
        };
      }
      const found = placeInZip(index, places, slot, region, address.address_city, zctas);
      return {
        address_used: region.territory
          ? used(address, region.code, "", found.defaultCity)
          : used(address, "US", region.code, found.defaultCity),
        jurisdictions: found.jurisdictions,
        resolution_precision: found.approximated ? "APPROXIMATED" : precision,
        address_resolution_status: found.status,
        ...(found.countyAmbiguous ? { county_ambiguous: true } : {}),
      };
    }
    if (!place)
      throw unresolvable(
        "address_postal_code",
        `ZIP ${zip.slice(0, 5)} is not in Levy's ZIP data; give address_province to resolve at state level`,
      );
    if ("military" in place)
      throw contradiction(
        "address_postal_code",
        `ZIP ${zip.slice(0, 5)} is not an armed forces ZIP (${place.military})`,
      );
    const prefixStates = index.statesOfPrefix(zip);
    if (prefixStates.length > 0 && !prefixStates.includes(place.region.code)) {
      throw contradiction(
        "address_postal_code",
        `ZIP ${zip.slice(0, 5)} belongs to ${prefixStates.join("/")}, not to ${place.region.code}`,
      );
    }
    return {
      address_used: used(
        address,
        place.region.territory ? place.region.code : "US",
        place.region.territory ? "" : place.region.code,
        "",
      ),
      jurisdictions: stateLevel(place.region),
      resolution_precision: "PROVINCE",
      address_resolution_status: "POSTAL_UNKNOWN",
    };
  }

  if (!place) {
    return {
      address_used: used(address, "US", "", ""),
      jurisdictions: [unitedStates],
      resolution_precision: "COUNTRY",
      address_resolution_status: "COUNTRY_ONLY",
    };
  }
  if ("military" in place) {
    return {
      address_used: used(address, "US", place.military, ""),
      jurisdictions: [unitedStates],
      resolution_precision: "PROVINCE",
      address_resolution_status: "MILITARY",
    };
  }
  const region = place.region;
  return {
    address_used: used(address, region.territory ? region.code : "US", region.territory ? "" : region.code, ""),
    jurisdictions: stateLevel(region),
    resolution_precision: region.territory ? "COUNTRY" : "PROVINCE",
    address_resolution_status: region.territory ? "COUNTRY_ONLY" : "PROVINCE_ONLY",
  };
}
