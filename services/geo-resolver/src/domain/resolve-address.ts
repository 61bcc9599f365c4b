// Turns a normalised address into the jurisdictions that tax it. For now: the country,
// and the state or province when one is given. Local jurisdictions (county, city,
// district) and special VAT territories come with the reference data.
import { type AddressInput, countryName, normalizeAddress } from "./normalize-address.js";

export interface Jurisdiction {
  readonly id: string;
  readonly name: string;
  readonly type: "COUNTRY" | "STATE" | "COUNTY" | "CITY" | "DISTRICT";
  readonly authority_name: string;
}

export interface AddressResolution {
  readonly address_used: AddressInput;
  readonly jurisdictions: readonly Jurisdiction[];
  readonly resolution_precision: "STREET" | "POSTAL_PLUS" | "POSTAL" | "PROVINCE" | "COUNTRY";
  readonly address_resolution_status: string;
}

export function resolveAddress(input: AddressInput): AddressResolution {
  const address = normalizeAddress(input);
  const country = address.address_country;
  const name = countryName(country) ?? country;
  const jurisdictions: Jurisdiction[] = [{ id: country, name, type: "COUNTRY", authority_name: name }];
  if (address.address_province !== "" && (country === "US" || country === "CA")) {
    jurisdictions.push({
      id: `${country}-${address.address_province}`,
      name: address.address_province,
      type: "STATE",
      authority_name: address.address_province,
    });
  }
  const precision = address.address_postal_code.includes("-")
    ? "POSTAL_PLUS"
    : address.address_postal_code !== ""
      ? "POSTAL"
      : address.address_province !== ""
        ? "PROVINCE"
        : "COUNTRY";
  return {
    address_used: address,
    jurisdictions,
    resolution_precision: precision,
    address_resolution_status: precision === "POSTAL" || precision === "POSTAL_PLUS" ? "POSTAL_ONLY" : `${precision}_ONLY`,
  };
}
