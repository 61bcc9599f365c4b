// The address_province an answer reports is always a code (spec: "state/province/region
// code"): a US state's or Canadian province's postal code, elsewhere the ISO 3166-2
// subdivision code without its country prefix ("ENG", "HE", "CN"). Levy holds no table of
// the world's region names, so a region known only by name is reported as "".
import { caProvinceFrom } from "../data/ca-provinces.js";
import { usRegionFrom } from "../data/us-states.js";
import type { IpLocation } from "../ip/ip-database.js";

/** ISO 3166-2 codes are the country code, a dash and one to three letters or digits. */
const isoSubdivisionSuffix = /^[A-Z0-9]{1,3}$/;

/** A normalised (upper-case) province outside the US and Canada: kept when it is code-shaped, else "". */
export function subdivisionCode(province: string): string {
  return isoSubdivisionSuffix.test(province) ? province : "";
}

/** "DE-HE" → "HE"; a code without a prefix is returned as it is. */
export function withoutCountryPrefix(code: string): string {
  const dash = code.indexOf("-");
  return dash === -1 ? code : code.slice(dash + 1);
}

/** The province code of a Canadian IP record, from its ISO code or its name. */
export function canadianProvinceOf(location: IpLocation): string | undefined {
  const fromCode =
    location.subdivisionCode === "" ? undefined : caProvinceFrom(withoutCountryPrefix(location.subdivisionCode));
  return (fromCode ?? (location.subdivisionName === "" ? undefined : caProvinceFrom(location.subdivisionName)))?.code;
}

/** The subdivision code of any IP record (US state, Canadian province, ISO suffix), or "". */
export function ipSubdivisionCode(location: IpLocation): string {
  const suffix = withoutCountryPrefix(location.subdivisionCode);
  if (location.country === "US") return (usRegionFrom(suffix) ?? usRegionFrom(location.subdivisionName))?.code ?? "";
  if (location.country === "CA") return canadianProvinceOf(location) ?? "";
  return subdivisionCode(suffix);
}
