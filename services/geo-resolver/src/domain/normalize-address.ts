// Normalises an address the way every later step expects it: trimmed lines with
// single spaces, upper-case country and province codes, postal code in canonical form.
import { LevyError, invalidField } from "@levy/kit";

export interface AddressInput {
  readonly address_line_1: string;
  readonly address_line_2: string;
  readonly address_city: string;
  readonly address_province: string;
  readonly address_postal_code: string;
  readonly address_country: string;
  readonly address_type: string;
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** English name of an ISO 3166-1 alpha-2 code, or null when the code is not a country. */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  return regionNames.of(code) ?? null;
}

function tidy(value: string): string {
  return value.trim().replace(/\s+/g, " ");
}

function canonicalPostalCode(country: string, raw: string): string {
  const compact = tidy(raw).toUpperCase();
  if (country === "US") {
    const match = /^(\d{5})(?:[-\s]?(\d{4}))?$/.exec(compact);
    if (!match) throw invalidField("address_postal_code", "a US postal code is a 5-digit ZIP or ZIP+4");
    return match[2] ? `${match[1]}-${match[2]}` : match[1]!;
  }
  if (country === "CA") {
    const match = /^([A-Z]\d[A-Z])\s?(\d[A-Z]\d)$/.exec(compact);
    if (!match) throw invalidField("address_postal_code", "a Canadian postal code has the form A1A 1A1");
    return `${match[1]} ${match[2]}`;
  }
  return compact;
}

export function normalizeAddress(input: AddressInput): AddressInput {
  const country = tidy(input.address_country).toUpperCase();
  if (country === "") throw new LevyError("missing_field", "address_country is required", { field: "address_country", expected: "string", received: "undefined" });
  if (!countryName(country)) throw invalidField("address_country", `"${country.slice(0, 10)}" is not an ISO 3166-1 alpha-2 country code`);
  return {
    address_line_1: tidy(input.address_line_1),
    address_line_2: tidy(input.address_line_2),
    address_city: tidy(input.address_city),
    address_province: tidy(input.address_province).toUpperCase(),
    address_postal_code: input.address_postal_code.trim() === "" ? "" : canonicalPostalCode(country, input.address_postal_code),
    address_country: country,
    address_type: tidy(input.address_type),
  };
}
