// A taxing jurisdiction as geo-resolver hands it to calc-engine, and the builders that
// give every kind its id.
import type { CaProvince } from "../data/ca-provinces.js";
import type { UsRegion } from "../data/us-states.js";
import { jurisdictionSlug } from "./jurisdiction-slug.js";

export type JurisdictionType = "COUNTRY" | "STATE" | "COUNTY" | "CITY" | "DISTRICT";

export interface Jurisdiction {
  readonly id: string;
  readonly name: string;
  readonly type: JurisdictionType;
  readonly authority_name: string;
  /** Citation or data provenance of how the jurisdiction was recognised. */
  readonly source: string;
}

export function countryJurisdiction(id: string, name: string, authority = name, source = ""): Jurisdiction {
  return Object.freeze({ id, name, type: "COUNTRY", authority_name: authority, source });
}

/** A region inside a country's VAT area with its own rates (Madeira "PT-30"), typed as a state-level tax. */
export function regionJurisdiction(id: string, name: string, source: string): Jurisdiction {
  return Object.freeze({ id, name, type: "STATE", authority_name: name, source });
}

export function usStateJurisdiction(region: UsRegion): Jurisdiction {
  return Object.freeze({
    id: `US-${region.code}`,
    name: region.name,
    type: "STATE",
    authority_name: region.authority,
    source: "",
  });
}

/** A territory (PR, GU, VI, AS, MP) stands as its own country: no US state sales tax applies. */
export function usTerritoryJurisdiction(region: UsRegion): Jurisdiction {
  return countryJurisdiction(region.code, region.name, region.authority);
}

/** "US-PA" for a state, "PR" for a territory: the prefix of local jurisdiction ids. */
export function usLocalPrefix(region: UsRegion): string {
  return region.territory ? region.code : `US-${region.code}`;
}

export function countyJurisdiction(region: UsRegion, name: string, fips: number): Jurisdiction {
  return Object.freeze({
    id: `${usLocalPrefix(region)}-COUNTY-${jurisdictionSlug(name, "COUNTY")}`,
    name,
    type: "COUNTY",
    authority_name: region.authority,
    source: fips > 0 ? `county FIPS ${String(fips).padStart(5, "0")}` : "",
  });
}

export function cityJurisdiction(region: UsRegion, name: string): Jurisdiction {
  return Object.freeze({
    id: `${usLocalPrefix(region)}-CITY-${jurisdictionSlug(name)}`,
    name,
    type: "CITY",
    authority_name: region.authority,
    source: "",
  });
}

export function caProvinceJurisdiction(province: CaProvince): Jurisdiction {
  return Object.freeze({
    id: `CA-${province.code}`,
    name: province.name,
    type: "STATE",
    authority_name: province.authority,
    source: "",
  });
}
