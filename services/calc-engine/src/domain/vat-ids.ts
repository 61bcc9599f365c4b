// EU VAT identification numbers: format and check digits through jsvat, and the EU VAT
// area membership that decides whether a B2B supply can be reverse charged.
import jsvat from "jsvat";

/**
 * EU-27 member states (ISO codes). Source: Council Directive 2006/112/EC, Article 5
 * and the Treaty on European Union, Article 52.
 */
const euMemberStates = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
]);

export function isEuMemberState(country: string): boolean {
  return euMemberStates.has(country);
}

/** VIES writes Greece as EL. */
function vatPrefix(country: string): string {
  return country === "GR" ? "EL" : country;
}

/** True when `value` is a valid VAT number of `country` (with or without its prefix). */
export function isValidEuVatId(country: string, value: string): boolean {
  const compact = value.replace(/[\s.-]/g, "").toUpperCase();
  const prefix = vatPrefix(country);
  const withPrefix = /^[A-Z]{2}/.test(compact) ? compact : `${prefix}${compact}`;
  if (!withPrefix.startsWith(prefix)) return false;
  // jsvat knows Greece by the EL prefix but reports isoCode GR.
  const result = jsvat.checkVAT(withPrefix, jsvat.countries);
  return result.isValid && result.country?.isoCode.short === country;
}
