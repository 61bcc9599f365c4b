// Canadian addresses to the country and the province, the province taken from the
// postal code's first letter when not given (and checked against it when given).
import { invalidField } from "@levy/kit";
import { caProvince, caProvinceFrom, postalCodeFitsProvince, provinceOfPostalCode } from "../data/ca-provinces.js";
import { contradiction, type AddressResolution } from "./address-resolution.js";
import { caProvinceJurisdiction, countryJurisdiction, type Jurisdiction } from "./jurisdiction.js";
import type { AddressInput } from "./normalize-address.js";

export const canada = countryJurisdiction("CA", "Canada", "Canada Revenue Agency");
const provinceLevel = new Map<string, readonly Jurisdiction[]>();

function jurisdictionsOf(code: string): readonly Jurisdiction[] {
  let list = provinceLevel.get(code);
  if (!list) {
    list = Object.freeze([canada, caProvinceJurisdiction(caProvince(code)!)]);
    provinceLevel.set(code, list);
  }
  return list;
}

export function resolveCanadaAddress(address: AddressInput): AddressResolution {
  const given = address.address_province === "" ? undefined : caProvinceFrom(address.address_province);
  if (address.address_province !== "" && !given) {
    throw invalidField(
      "address_province",
      `"${address.address_province.slice(0, 30)}" is not a Canadian province or territory code`,
    );
  }
  const postal = address.address_postal_code;
  if (postal !== "") {
    if (given && !postalCodeFitsProvince(postal, given.code)) {
      throw contradiction("address_postal_code", `postal code ${postal} is not in ${given.name} (${given.code})`);
    }
    const code = given?.code ?? provinceOfPostalCode(postal)!;
    return {
      address_used: { ...address, address_province: code },
      jurisdictions: jurisdictionsOf(code),
      resolution_precision: "POSTAL",
      address_resolution_status: "POSTAL_ONLY",
    };
  }
  if (given) {
    return {
      address_used: { ...address, address_province: given.code },
      jurisdictions: jurisdictionsOf(given.code),
      resolution_precision: "PROVINCE",
      address_resolution_status: "PROVINCE_ONLY",
    };
  }
  return {
    address_used: address,
    jurisdictions: [canada],
    resolution_precision: "COUNTRY",
    address_resolution_status: "COUNTRY_ONLY",
  };
}
