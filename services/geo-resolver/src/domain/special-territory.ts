// Recognises the special VAT territories of data/special-territories.ts in an address:
// by the territory's own country code, by postal code, or by province when no postal
// code is given.
import {
  specialTerritories,
  vatAreaMembers,
  type SpecialTerritory,
  type TerritoryRule,
  type VatAreaMember,
} from "../data/special-territories.js";
import { jurisdictionSlug } from "./jurisdiction-slug.js";
import { subdivisionCode } from "./subdivision-code.js";

export interface TerritoryMatch {
  readonly territory: SpecialTerritory;
  readonly by: "country" | "postal" | "province";
  /** The territory's subdivision code in the matched country (the rule's first code-shaped province), or "". */
  readonly subdivision: string;
}

function subdivisionOf(rule: TerritoryRule): string {
  return rule.provinces?.map(subdivisionCode).find((code) => code !== "") ?? "";
}

const byCountryCode = new Map<string, SpecialTerritory>();
const rulesByCountry = new Map<string, { territory: SpecialTerritory; rule: TerritoryRule }[]>();
for (const territory of specialTerritories) {
  for (const code of territory.countryCodes) byCountryCode.set(code, territory);
  for (const rule of territory.rules) {
    const list = rulesByCountry.get(rule.country) ?? [];
    list.push({ territory, rule });
    rulesByCountry.set(rule.country, list);
  }
}
const members = new Map(vatAreaMembers.map((member) => [member.countryCode, member]));

/** Countries with postal or province rules (or none of their own): the resolver checks only these. */
export function hasTerritoryRules(country: string): boolean {
  return rulesByCountry.has(country) || byCountryCode.has(country);
}

/** "D-78266", "630 86", "CH-6911" → "78266", "63086", "6911". */
export function compactPostalCode(postal: string): string {
  return postal.replace(/^[A-Z]{1,3}-(?=\d)/, "").replace(/[\s-]/g, "");
}

export function findSpecialTerritory(
  country: string,
  postal: string,
  province: string,
  city: string,
): TerritoryMatch | undefined {
  const own = byCountryCode.get(country);
  if (own) return { territory: own, by: "country", subdivision: "" };
  const rules = rulesByCountry.get(country);
  if (!rules) return undefined;
  const compact = compactPostalCode(postal);
  if (compact !== "") {
    for (const { territory, rule } of rules) {
      if (rule.postalPrefixes?.some((prefix) => compact.startsWith(prefix)))
        return { territory, by: "postal", subdivision: subdivisionOf(rule) };
      const shared = rule.sharedPostalCodes;
      if (shared?.codes.includes(compact) && city !== "" && shared.cities.includes(jurisdictionSlug(city)))
        return { territory, by: "postal", subdivision: subdivisionOf(rule) };
    }
    return undefined;
  }
  if (province === "") return undefined;
  for (const { territory, rule } of rules) {
    if (rule.provinces?.includes(province)) return { territory, by: "province", subdivision: subdivisionOf(rule) };
  }
  return undefined;
}

/** Monaco → France, Isle of Man → United Kingdom. */
export function vatAreaMemberOf(country: string): VatAreaMember | undefined {
  return members.get(country);
}
