// Turns an address into the jurisdictions that tax it: US ZIPs (and the territories'
// ones) through the ZIP index, Canada by province, special VAT territories by their
// table, VAT regions (Madeira, the Azores) as the country plus the region, a postcode of
// a dependency served by another post (GB JE…, GY…) as that dependency, any other country
// at country level. Outside the US and Canada the province reported is a code or ""
// (subdivision-code.ts).
import { usRegion } from "../data/us-states.js";
import { unresolvable, type AddressResolution } from "./address-resolution.js";
import { countryJurisdiction, regionJurisdiction, type Jurisdiction } from "./jurisdiction.js";
import { countryName, normalizeAddress, type AddressInput } from "./normalize-address.js";
import { PlaceIndex } from "./place-index.js";
import { resolveCanadaAddress } from "./resolve-canada.js";
import { resolveUsAddress } from "./resolve-us.js";
import { findSpecialTerritory, vatAreaMemberOf } from "./special-territory.js";
import { subdivisionCode } from "./subdivision-code.js";
import { findPostalDependency, findVatRegion } from "./vat-region.js";
import { ZctaPlaces } from "./zcta-places.js";
import type { ZipIndex } from "./zip-index.js";

export class AddressResolver {
  private readonly countries = new Map<string, readonly Jurisdiction[]>();
  private readonly territories = new Map<string, readonly Jurisdiction[]>();

  constructor(
    readonly zips: ZipIndex,
    readonly places: PlaceIndex = new PlaceIndex(),
    readonly zctas: ZctaPlaces = new ZctaPlaces(),
  ) {}

  resolve(input: AddressInput): AddressResolution {
    return this.resolveNormalized(normalizeAddress(input));
  }

  /** For an address already normalised (the IP path builds its own). */
  resolveNormalized(address: AddressInput): AddressResolution {
    const country = address.address_country;
    if (country === "US") return resolveUsAddress(this.zips, this.places, address, undefined, this.zctas);
    if (country === "CA") return resolveCanadaAddress(address);
    const territory = usRegion(country);
    if (territory?.territory) return resolveUsAddress(this.zips, this.places, address, territory, this.zctas);

    const dependency = findPostalDependency(country, address.address_postal_code);
    if (dependency) {
      const jurisdictions = this.cached(this.territories, dependency.country, () => [
        countryJurisdiction(
          dependency.country,
          countryName(dependency.country) ?? dependency.country,
          undefined,
          dependency.source,
        ),
      ]);
      return {
        address_used: { ...address, address_country: dependency.country, address_province: "" },
        jurisdictions,
        resolution_precision: "POSTAL",
        address_resolution_status: "SPECIAL_TERRITORY",
      };
    }
    const member = vatAreaMemberOf(country);
    if (member) {
      const jurisdictions = this.cached(this.territories, country, () => [
        countryJurisdiction(member.vatArea, countryName(member.vatArea) ?? member.vatArea, undefined, member.source),
      ]);
      return {
        address_used: withProvince(address, subdivisionCode(address.address_province)),
        jurisdictions,
        resolution_precision: "COUNTRY",
        address_resolution_status: "SPECIAL_TERRITORY",
      };
    }
    const match = findSpecialTerritory(
      country,
      address.address_postal_code,
      address.address_province,
      address.address_city,
    );
    if (match) {
      const t = match.territory;
      const jurisdictions = this.cached(this.territories, t.id, () => [
        countryJurisdiction(t.id, t.name, t.name, t.source),
      ]);
      const precision = match.by === "postal" ? "POSTAL" : match.by === "province" ? "PROVINCE" : "COUNTRY";
      const province = subdivisionCode(address.address_province) || match.subdivision;
      return {
        address_used: withProvince(address, province),
        jurisdictions,
        resolution_precision: precision,
        address_resolution_status: "SPECIAL_TERRITORY",
      };
    }
    const region = findVatRegion(country, address.address_postal_code, address.address_province);
    if (region) {
      const r = region.region;
      const jurisdictions = this.cached(this.territories, r.id, () => [
        countryJurisdiction(country, countryName(country) ?? country),
        regionJurisdiction(r.id, r.name, r.source),
      ]);
      return {
        address_used: withProvince(address, r.id.slice(3)),
        jurisdictions,
        resolution_precision: region.by === "postal" ? "POSTAL" : "PROVINCE",
        address_resolution_status: "SPECIAL_TERRITORY",
      };
    }
    // EA (Ceuta and Melilla) needs a postal code or province to tell the two apart.
    if (country === "EA")
      throw unresolvable(
        "address_postal_code",
        "address_country EA covers Ceuta (51xxx) and Melilla (52xxx): give the postal code",
      );
    const jurisdictions = this.cached(this.countries, country, () => [
      countryJurisdiction(country, countryName(country) ?? country),
    ]);
    return {
      address_used: withProvince(address, subdivisionCode(address.address_province)),
      jurisdictions,
      resolution_precision: "COUNTRY",
      address_resolution_status: "COUNTRY_ONLY",
    };
  }

  private cached(
    map: Map<string, readonly Jurisdiction[]>,
    key: string,
    make: () => Jurisdiction[],
  ): readonly Jurisdiction[] {
    let list = map.get(key);
    if (!list) {
      list = Object.freeze(make());
      map.set(key, list);
    }
    return list;
  }
}

function withProvince(address: AddressInput, province: string): AddressInput {
  return province === address.address_province ? address : { ...address, address_province: province };
}
