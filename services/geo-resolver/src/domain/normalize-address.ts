// Normalises an address the way every later step expects it: trimmed lines with
// single spaces, upper-case country and province codes, postal code in canonical form.
import { type AddressFields, LevyError, countryCodeProblem, invalidField } from "@levy/kit";
import { provinceOfPostalCode } from "../data/ca-provinces.js";

export type AddressInput = Readonly<AddressFields>;

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
// Codes Intl names that are not places a customer can be in.
const notCountries = new Set(["EU", "EZ", "UN", "ZZ", "QO"]);

// Intl lookups cost about a microsecond; there are at most 26 × 26 codes to remember.
const names = new Map<string, string | null>();

/** English name of an ISO 3166-1 alpha-2 code, or null when the code is not a country. */
export function countryName(code: string): string | null {
  const known = names.get(code);
  if (known !== undefined) return known;
  if (!/^[A-Z]{2}$/.test(code)) return null;
  const name = notCountries.has(code) ? null : (regionNames.of(code) ?? null);
  names.set(code, name);
  return name;
}

/** Countries whose post uses US ZIP codes: the US and its inhabited territories. */
export const zipCountries: ReadonlySet<string> = new Set(["US", "PR", "GU", "VI", "AS", "MP"]);

const untidy = /^\s|\s$|\s\s|[\t\n\r\f\v\u00a0]/;

function tidy(value: string): string {
  // Most values are already tidy: test before building a new string.
  return untidy.test(value) ? value.trim().replace(/\s+/g, " ") : value;
}

function canonicalPostalCode(country: string, raw: string): string {
  const compact = tidy(raw).toUpperCase();
  if (zipCountries.has(country)) {
    const match = /^(\d{5})(?:[-\s]?(\d{4}))?$/.exec(compact);
    if (!match) throw invalidField("address_postal_code", "a US postal code is a 5-digit ZIP or ZIP+4");
    return match[2] ? `${match[1]}-${match[2]}` : match[1]!;
  }
  if (country === "CA") {
    const match = /^([A-Z]\d[A-Z])\s?(\d[A-Z]\d)$/.exec(compact);
    if (!match || !provinceOfPostalCode(compact))
      throw invalidField("address_postal_code", "a Canadian postal code has the form A1A 1A1");
    return `${match[1]} ${match[2]}`;
  }
  return compact;
}

export function normalizeAddress(input: AddressInput): AddressInput {
  const country = tidy(input.address_country).toUpperCase();
  if (country === "")
    throw new LevyError("missing_field", "address_country is required", {
      field: "address_country",
      expected: "string",
      received: "undefined",
    });
  const problem = countryCodeProblem(country);
  if (problem) throw invalidField("address_country", problem);
  return {
    address_line_1: tidy(input.address_line_1),
    address_line_2: tidy(input.address_line_2),
    address_city: tidy(input.address_city),
    address_province: tidy(input.address_province).toUpperCase(),
    address_postal_code:
      input.address_postal_code.trim() === "" ? "" : canonicalPostalCode(country, input.address_postal_code),
    address_country: country,
    address_type: tidy(input.address_type),
  };
}
