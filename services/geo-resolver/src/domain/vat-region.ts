// Finds the VAT region (data/vat-regions.ts) of an address inside its country, and the
// own tax territory of an address whose postcode belongs to a dependency served by
// another country's post (a GB address with a JE or GY postcode).
import { postalDependencies, vatRegions, type PostalDependency, type VatRegion } from "../data/vat-regions.js";

export interface RegionMatch {
  readonly region: VatRegion;
  readonly by: "postal" | "province";
}

const regionsByCountry = new Map<string, VatRegion[]>();
for (const region of vatRegions) {
  const list = regionsByCountry.get(region.country) ?? [];
  list.push(region);
  regionsByCountry.set(region.country, list);
}

export function findVatRegion(country: string, postal: string, province: string): RegionMatch | undefined {
  const regions = regionsByCountry.get(country);
  if (!regions) return undefined;
  const digits = postal.replace(/[\s-]/g, "");
  if (digits !== "") {
    const region = regions.find((r) => r.postalPrefixes.some((prefix) => digits.startsWith(prefix)));
    return region ? { region, by: "postal" } : undefined;
  }
  const region = province === "" ? undefined : regions.find((r) => r.provinces.includes(province));
  return region ? { region, by: "province" } : undefined;
}

/** The dependency a postcode names ("JE2 3AB" with GB → Jersey), if any. */
export function findPostalDependency(country: string, postal: string): PostalDependency | undefined {
  const compact = postal.replace(/\s/g, "");
  return postalDependencies.find((d) => d.postCountry === country && d.postcode.test(compact));
}
