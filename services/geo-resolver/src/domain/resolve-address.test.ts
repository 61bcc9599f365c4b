// Address resolution over the real packaged data (SimpleMaps + GeoNames ZIPs).
import { LevyError } from "@levy/kit";
import { beforeAll, describe, expect, it } from "vitest";
import { specialTerritories } from "../data/special-territories.js";
import { loadGeoData } from "../loading/load-geo-data.js";
import type { AddressResolution } from "./address-resolution.js";
import type { AddressInput } from "./normalize-address.js";
import { AddressResolver } from "./resolve-address.js";
import { ZctaPlaces } from "./zcta-places.js";

let resolver: AddressResolver;
beforeAll(async () => {
  resolver = (await loadGeoData()).addresses;
});

function address(parts: Partial<AddressInput>): AddressInput {
  return {
    address_line_1: "",
    address_line_2: "",
    address_city: "",
    address_province: "",
    address_postal_code: "",
    address_country: "US",
    address_type: "",
    ...parts,
  };
}
const resolve = (parts: Partial<AddressInput>): AddressResolution => resolver.resolve(address(parts));
const ids = (parts: Partial<AddressInput>) => resolve(parts).jurisdictions.map((j) => j.id);

function errorOf(parts: Partial<AddressInput>): LevyError {
  try {
    resolve(parts);
  } catch (error) {
    if (error instanceof LevyError) return error;
    throw error;
  }
  throw new Error("expected an error");
}

describe("US addresses", () => {
  it("resolves a 5-digit ZIP to country, state, county and city", () => {
    const result = resolve({ address_line_1: "1 Main St", address_postal_code: "19103" });
    expect(result.jurisdictions).toEqual([
      { id: "US", name: "United States", type: "COUNTRY", authority_name: "United States", source: "" },
      {
        id: "US-PA",
        name: "Pennsylvania",
        type: "STATE",
        authority_name: "Pennsylvania Department of Revenue",
        source: "",
      },
      {
        id: "US-PA-COUNTY-PHILADELPHIA",
        name: "Philadelphia",
        type: "COUNTY",
        authority_name: "Pennsylvania Department of Revenue",
        source: "county FIPS 42101",
      },
      {
        id: "US-PA-CITY-PHILADELPHIA",
        name: "Philadelphia",
        type: "CITY",
        authority_name: "Pennsylvania Department of Revenue",
        source: "",
      },
    ]);
    expect(result.resolution_precision).toBe("POSTAL");
    expect(result.address_resolution_status).toBe("POSTAL_ONLY");
    expect(result.address_used).toMatchObject({
      address_province: "PA",
      address_city: "Philadelphia",
      address_line_1: "1 Main St",
    });
  });

  it("accepts ZIP+4 with or without the dash (precision POSTAL_PLUS)", () => {
    for (const zip of ["02110-1234", "021101234", "02110 1234"]) {
      const result = resolve({ address_postal_code: zip });
      expect(result.resolution_precision).toBe("POSTAL_PLUS");
      expect(result.address_used.address_postal_code).toBe("02110-1234");
      expect(result.jurisdictions.map((j) => j.id)).toEqual([
        "US",
        "US-MA",
        "US-MA-COUNTY-SUFFOLK",
        "US-MA-CITY-BOSTON",
      ]);
    }
  });

  it("keeps leading zeros: 02110 Boston MA", () => {
    expect(resolve({ address_postal_code: "02110" }).address_used).toMatchObject({
      address_postal_code: "02110",
      address_province: "MA",
      address_city: "Boston",
    });
  });

  it("uses the Michigan Department of Treasury as Michigan's authority", () => {
    expect(resolve({ address_postal_code: "48226" }).jurisdictions[1]).toMatchObject({
      id: "US-MI",
      authority_name: "Michigan Department of Treasury",
    });
  });

  it("tidies lower-case codes and extra spaces", () => {
    const result = resolve({
      address_country: " us ",
      address_province: " pa",
      address_postal_code: " 19103 ",
      address_city: "  Philadelphia  ",
      address_line_1: " 1   Main  St ",
    });
    expect(result.address_used).toMatchObject({
      address_country: "US",
      address_province: "PA",
      address_postal_code: "19103",
      address_city: "Philadelphia",
      address_line_1: "1 Main St",
    });
  });

  it("accepts a state name as province", () => {
    expect(
      resolve({ address_province: "Pennsylvania", address_postal_code: "19103" }).address_used.address_province,
    ).toBe("PA");
  });

  it("slugs Saint/St. the same way: 63101 St. Louis, 55101 Saint Paul", () => {
    expect(ids({ address_postal_code: "63101" })).toEqual([
      "US",
      "US-MO",
      "US-MO-COUNTY-ST_LOUIS",
      "US-MO-CITY-ST_LOUIS",
    ]);
    expect(ids({ address_postal_code: "55101", address_city: "St. Paul" })).toEqual([
      "US",
      "US-MN",
      "US-MN-COUNTY-RAMSEY",
      "US-MN-CITY-ST_PAUL",
    ]);
  });

  it("refuses a ZIP of another state as invalid_address naming the postal code", () => {
    const error = errorOf({ address_province: "NY", address_postal_code: "19103" });
    expect(error.code).toBe("invalid_address");
    expect(error.meta).toMatchObject({ field: "address_postal_code", reason: "contradiction" });
  });

  it("derives the state from the ZIP when the province is missing", () => {
    expect(resolve({ address_postal_code: "10001" }).address_used.address_province).toBe("NY");
  });

  it("knows ZIPs that are not Census ZCTAs from GeoNames (PO boxes, single organisations)", () => {
    expect(ids({ address_postal_code: "20500" })).toEqual([
      "US",
      "US-DC",
      "US-DC-COUNTY-DISTRICT_OF_COLUMBIA",
      "US-DC-CITY-WASHINGTON",
    ]);
  });

  it("resolves an unknown but well-formed ZIP at state level from the province", () => {
    const result = resolve({ address_province: "AK", address_postal_code: "99999" });
    expect(result.jurisdictions.map((j) => j.id)).toEqual(["US", "US-AK"]);
    expect(result.resolution_precision).toBe("PROVINCE");
    expect(result.address_resolution_status).toBe("POSTAL_UNKNOWN");
  });

  it("refuses an unknown ZIP without province as unresolvable", () => {
    expect(errorOf({ address_postal_code: "99999" }).meta).toMatchObject({
      field: "address_postal_code",
      reason: "unresolvable",
    });
  });

  it("refuses an unknown ZIP whose 3-digit prefix belongs to another state", () => {
    expect(errorOf({ address_province: "CA", address_postal_code: "19199" }).meta).toMatchObject({
      reason: "contradiction",
    });
  });

  it("resolves at state level without a ZIP and at country level without anything", () => {
    expect(resolve({ address_province: "TX" })).toMatchObject({
      resolution_precision: "PROVINCE",
      address_resolution_status: "PROVINCE_ONLY",
    });
    expect(ids({ address_province: "TX" })).toEqual(["US", "US-TX"]);
    expect(resolve({})).toMatchObject({ resolution_precision: "COUNTRY", address_resolution_status: "COUNTRY_ONLY" });
  });

  it("refuses malformed ZIPs and unknown state codes as invalid_field", () => {
    expect(errorOf({ address_postal_code: "1234" })).toMatchObject({
      code: "invalid_field",
      meta: { field: "address_postal_code" },
    });
    expect(errorOf({ address_province: "ZZ" })).toMatchObject({
      code: "invalid_field",
      meta: { field: "address_province" },
    });
    expect(errorOf({ address_country: "" })).toMatchObject({ code: "missing_field" });
    expect(errorOf({ address_country: "EU" })).toMatchObject({
      code: "invalid_field",
      meta: { field: "address_country" },
    });
  });

  it("picks Boston for 02127 (South Boston in SimpleMaps, Boston in GeoNames) when the city says so", () => {
    const result = resolve({ address_postal_code: "02127", address_city: "BOSTON" });
    expect(result.jurisdictions.at(-1)!.id).toBe("US-MA-CITY-BOSTON");
    expect(result.address_resolution_status).toBe("POSTAL_AND_CITY");
    // South Boston is a part of Boston, no municipality: Boston, which covers the ZIP, stands in.
    expect(resolve({ address_postal_code: "02127" }).jurisdictions.at(-1)!.id).toBe("US-MA-CITY-BOSTON");
    // Springfield is a place in Hampden County, not in 02127's Suffolk County: the ZIP's
    // default place is used, and the answer says the city was not placed.
    const elsewhere = resolve({ address_postal_code: "02127", address_city: "Springfield" });
    expect(elsewhere.jurisdictions.at(-1)!.id).toBe("US-MA-CITY-BOSTON");
    expect(elsewhere).toMatchObject({
      address_resolution_status: "POSTAL_CITY_UNKNOWN",
      resolution_precision: "APPROXIMATED",
    });
  });

  it("picks the place the city names when the ZIP has an alternative place name", () => {
    // The first ZIP (in data order) for which GeoNames names another place than SimpleMaps.
    const zip = findZipWithAlternate();
    const primary = resolve({ address_postal_code: zip.zip });
    const chosen = resolve({ address_postal_code: zip.zip, address_city: zip.alternate.toLowerCase() });
    expect(chosen.address_resolution_status).toBe("POSTAL_AND_CITY");
    expect(chosen.jurisdictions.at(-1)!.name).toBe(zip.alternate);
    expect(primary.jurisdictions.at(-1)!.name).not.toBe(zip.alternate);
  });
});

describe("a municipality the ZIP does not reach (Census 2020 ZCTA to Place data)", () => {
  const cityOf = (parts: Partial<AddressInput>) =>
    resolve(parts).jurisdictions.find((jurisdiction) => jurisdiction.type === "CITY")?.id;

  it("does not tax a postal city with no land in the ZIP: the largest place when places cover most of it", () => {
    // 55124's postal city is Saint Paul; the ZCTA lies wholly in Apple Valley (Dakota County).
    for (const city of ["Saint Paul", "ST. PAUL"]) {
      const result = resolve({ address_postal_code: "55124", address_city: city });
      expect(result.jurisdictions.map((jurisdiction) => jurisdiction.id)).toEqual([
        "US",
        "US-MN",
        "US-MN-COUNTY-DAKOTA",
        "US-MN-CITY-APPLE_VALLEY",
      ]);
      expect(result).toMatchObject({
        resolution_precision: "APPROXIMATED",
        address_resolution_status: "POSTAL_CITY_UNKNOWN",
        address_used: { address_city: city },
      });
    }
  });

  it("answers the county alone where incorporated places cover less than half the ZIP", () => {
    // 90022 (East Los Angeles): 12 % Commerce, 1 % Monterey Park and Montebello, no Los Angeles.
    const result = resolve({ address_postal_code: "90022", address_city: "Los Angeles" });
    expect(result.jurisdictions.map((jurisdiction) => jurisdiction.id)).toEqual([
      "US",
      "US-CA",
      "US-CA-COUNTY-LOS_ANGELES",
    ]);
    expect(result.resolution_precision).toBe("APPROXIMATED");
    // 89121 (Paradise NV, postal city Las Vegas) lies in no incorporated place at all.
    expect(cityOf({ address_postal_code: "89121", address_city: "Las Vegas" })).toBeUndefined();
  });

  it("uses the same default when the address gives no city, at POSTAL precision", () => {
    const result = resolve({ address_postal_code: "89121" });
    expect(result.jurisdictions.at(-1)!.id).toBe("US-NV-COUNTY-CLARK");
    expect(result).toMatchObject({
      resolution_precision: "POSTAL",
      address_resolution_status: "POSTAL_ONLY",
      address_used: { address_city: "Las Vegas" },
    });
  });

  it("does not tax another known city of the county that the ZIP does not reach", () => {
    const result = resolve({ address_postal_code: "89121", address_city: "Henderson" });
    expect(result.jurisdictions.at(-1)!.id).toBe("US-NV-COUNTY-CLARK");
    expect(result).toMatchObject({
      resolution_precision: "APPROXIMATED",
      address_resolution_status: "POSTAL_CITY_UNKNOWN",
    });
  });

  it("keeps a municipality with any land in the ZIP, a place the ZIP reaches, and ZIPs that are no ZCTA", () => {
    // 80226: 0.6 % of the land is Denver's, the rest Lakewood's.
    expect(cityOf({ address_postal_code: "80226", address_city: "Denver" })).toBe("US-CO-CITY-DENVER");
    expect(resolve({ address_postal_code: "80226", address_city: "Denver" }).resolution_precision).toBe("POSTAL");
    expect(cityOf({ address_postal_code: "90022", address_city: "Commerce" })).toBe("US-CA-CITY-COMMERCE");
    // A name that is no municipality (a census-designated place) is left as it was.
    expect(cityOf({ address_postal_code: "90022", address_city: "East Los Angeles" })).toBe(
      "US-CA-CITY-EAST_LOS_ANGELES",
    );
    // 94120 is a PO-box ZIP of San Francisco with no ZCTA: its postal city stands.
    expect(cityOf({ address_postal_code: "94120", address_city: "San Francisco" })).toBe("US-CA-CITY-SAN_FRANCISCO");
  });

  it("lets the municipality covering most of the ZIP stand in for a postal city that is no municipality", () => {
    // Kingwood is a part of Houston (annexed 1996), no municipality of its own: 77345 lies wholly in Houston.
    const named = resolve({ address_postal_code: "77345", address_city: "Kingwood" });
    expect(named.jurisdictions.map((jurisdiction) => jurisdiction.id)).toEqual([
      "US",
      "US-TX",
      "US-TX-COUNTY-HARRIS",
      "US-TX-CITY-HOUSTON",
    ]);
    expect(named).toMatchObject({
      resolution_precision: "APPROXIMATED",
      address_resolution_status: "POSTAL_CITY_UNKNOWN",
      address_used: { address_city: "Kingwood" },
    });
    const unnamed = resolve({ address_postal_code: "77345" });
    expect(unnamed.jurisdictions.at(-1)!.id).toBe("US-TX-CITY-HOUSTON");
    expect(unnamed).toMatchObject({ resolution_precision: "POSTAL", address_resolution_status: "POSTAL_ONLY" });
    // 77379 (Spring, a census-designated place) lies mostly in no municipality: the county alone, as before.
    expect(cityOf({ address_postal_code: "77379", address_city: "Spring" })).toBe("US-TX-CITY-SPRING");
    expect(resolve({ address_postal_code: "77379", address_city: "Spring" }).resolution_precision).toBe("POSTAL");
  });

  it("uses the postal city when the Census data is not loaded", () => {
    const bare = new AddressResolver(resolver.zips, resolver.places);
    const result = bare.resolve(address({ address_postal_code: "55124", address_city: "Saint Paul" }));
    expect(result.jurisdictions.at(-1)!.id).toBe("US-MN-CITY-ST_PAUL");
  });
});

describe("ZctaPlaces", () => {
  const zctas = new ZctaPlaces();
  zctas.add("55113\tMN\tRoseville=8635;St. Paul=33");
  zctas.add("37201\t\t");
  zctas.add("86515\tAZ\tWindow Rock=10");
  zctas.add("86515\tNM\tGallup=20");

  it("reads each ZIP's places with their land share, per state", () => {
    expect(zctas.size).toBeGreaterThanOrEqual(3);
    expect(zctas.sharesOf(55113, "MN")).toEqual([
      { name: "Roseville", share: 0.8635 },
      { name: "St. Paul", share: 0.0033 },
    ]);
    expect(zctas.sharesOf(86515, "NM")).toEqual([{ name: "Gallup", share: 0.002 }]);
    expect(zctas.sharesOf(37201, "TN")).toEqual([]);
    expect(zctas.sharesOf(55113, "WI")).toEqual([]);
    expect(zctas.sharesOf(94120, "CA")).toBeUndefined();
  });

  it("tells a municipality the ZIP does not reach, by any spelling of its name", () => {
    expect(zctas.outside(55113, "MN", "Roseville")).toBe(false);
    expect(zctas.outside(55113, "MN", "Saint Paul")).toBe(false);
    expect(zctas.outside(37201, "TN", "Saint Paul")).toBe(false); // no Saint Paul in TN
    expect(zctas.outside(86515, "AZ", "Gallup")).toBe(false); // Gallup is in New Mexico
    expect(zctas.outside(86515, "NM", "Window Rock")).toBe(false); // a name no NM municipality has
    expect(zctas.outside(86515, "NM", "Gallup")).toBe(false);
    expect(zctas.outside(55113, "MN", "")).toBe(false);
    // A municipality of the state with no land in the ZIP; not for a ZIP that is no ZCTA.
    zctas.add("55101\tMN\tSt. Paul=10000");
    expect(zctas.outside(55101, "MN", "Roseville")).toBe(true);
    expect(zctas.outside(55101, "MN", "ST PAUL")).toBe(false);
    expect(zctas.outside(55102, "MN", "Roseville")).toBe(false);
  });

  it("knows the state's municipalities by any spelling, apostrophes included", () => {
    zctas.add("64063\tMO\tLee's Summit=9378");
    zctas.add("64065\tMO\tUnity Village=10000");
    expect(zctas.isMunicipality("MO", "Lees Summit")).toBe(true);
    expect(zctas.isMunicipality("MN", "Saint Paul")).toBe(true);
    expect(zctas.isMunicipality("TX", "Kingwood")).toBe(false);
    expect(zctas.outside(64065, "MO", "Lees Summit")).toBe(true);
    expect(zctas.outside(64063, "MO", "LEES SUMMIT")).toBe(false);
  });

  it("refuses a malformed line", () => {
    expect(() => zctas.add("5511\tMN\tX=1")).toThrow(/bad ZCTA places line/);
  });
});

function findZipWithAlternate(): { zip: string; alternate: string } {
  const index = resolver.zips;
  for (let slot = 0; slot < index.size; slot++) {
    const state = index.region(slot).code;
    // Both names municipalities the ZIP reaches: any other gives way to the ZIP's own.
    const reached = (name: string) =>
      resolver.zctas.isMunicipality(state, name) && !resolver.zctas.outside(index.zipNumber(slot), state, name);
    if (
      index.hasAlternateCity(slot) &&
      !index.region(slot).territory &&
      reached(index.cityName(slot, "primary")) &&
      reached(index.cityName(slot, "alternate"))
    )
      return { zip: index.zip(slot), alternate: index.cityName(slot, "alternate") };
  }
  throw new Error("no ZIP with an alternative place");
}

describe("US territories and military mail", () => {
  it("resolves PR as its own country, given as US + ZIP or as country PR", () => {
    expect(ids({ address_postal_code: "00601" })).toEqual(["PR", "PR-COUNTY-ADJUNTAS", "PR-CITY-ADJUNTAS"]);
    expect(resolve({ address_postal_code: "00601" }).address_used).toMatchObject({
      address_country: "PR",
      address_province: "",
      address_postal_code: "00601",
    });
    expect(ids({ address_country: "PR", address_postal_code: "00601" })).toEqual([
      "PR",
      "PR-COUNTY-ADJUNTAS",
      "PR-CITY-ADJUNTAS",
    ]);
    expect(ids({ address_province: "PR", address_postal_code: "00601" })[0]).toBe("PR");
    expect(resolve({ address_country: "PR" }).jurisdictions[0]).toMatchObject({
      id: "PR",
      type: "COUNTRY",
      name: "Puerto Rico",
    });
    expect(ids({ address_province: "PR" })).toEqual(["PR"]);
  });

  it.each([
    ["GU", "96910"],
    ["VI", "00802"],
    ["AS", "96799"],
    ["MP", "96950"],
  ])("resolves %s (%s) as its own country", (code, zip) => {
    expect(ids({ address_postal_code: zip })[0]).toBe(code);
    expect(ids({ address_country: code, address_postal_code: zip })[0]).toBe(code);
  });

  it("refuses a territory's country code with a ZIP of a state", () => {
    expect(errorOf({ address_country: "PR", address_postal_code: "10001" })).toMatchObject({
      code: "invalid_address",
      meta: { reason: "contradiction" },
    });
  });

  it.each([
    ["09001", "AE"],
    ["34002", "AA"],
    ["96201", "AP"],
    ["96601", "AP"],
  ])("treats APO/FPO ZIP %s as military mail (%s): the US only", (zip, state) => {
    const result = resolve({ address_postal_code: zip });
    expect(result.jurisdictions.map((j) => j.id)).toEqual(["US"]);
    expect(result.address_resolution_status).toBe("MILITARY");
    expect(result.address_used.address_province).toBe(state);
  });

  it("refuses a military ZIP with a state, and accepts AE alone", () => {
    expect(errorOf({ address_province: "NY", address_postal_code: "09001" })).toMatchObject({
      code: "invalid_address",
      meta: { reason: "contradiction" },
    });
    expect(resolve({ address_province: "AE" })).toMatchObject({
      address_resolution_status: "MILITARY",
      resolution_precision: "PROVINCE",
    });
  });

  it("does not take a Florida 34xxx ZIP for military mail", () => {
    expect(ids({ address_postal_code: "34102" }).slice(0, 2)).toEqual(["US", "US-FL"]);
  });
});

describe("Canadian addresses", () => {
  it("derives the province from the postal code", () => {
    const result = resolve({ address_country: "CA", address_postal_code: "k1a0b1" });
    expect(result.address_used).toMatchObject({ address_postal_code: "K1A 0B1", address_province: "ON" });
    expect(result.jurisdictions).toEqual([
      { id: "CA", name: "Canada", type: "COUNTRY", authority_name: "Canada Revenue Agency", source: "" },
      { id: "CA-ON", name: "Ontario", type: "STATE", authority_name: "Canada Revenue Agency", source: "" },
    ]);
    expect(result).toMatchObject({ resolution_precision: "POSTAL", address_resolution_status: "POSTAL_ONLY" });
  });

  it.each([
    ["A1A 1A1", "NL"],
    ["B3H 0A1", "NS"],
    ["C1A 1A1", "PE"],
    ["E1C 1A1", "NB"],
    ["G1R 1A1", "QC"],
    ["H2X 1Y4", "QC"],
    ["J4K 1A1", "QC"],
    ["M5V 3L9", "ON"],
    ["P3A 1A1", "ON"],
    ["R3C 1A1", "MB"],
    ["S4P 1A1", "SK"],
    ["T2P 1J9", "AB"],
    ["V6B 1A1", "BC"],
    ["X0A 0H0", "NU"],
    ["X0B 0C0", "NU"],
    ["X0C 0A0", "NU"],
    ["X1A 2L9", "NT"],
    ["X0E 0P0", "NT"],
    ["Y1A 1A1", "YT"],
  ])("%s is in %s", (postal, province) => {
    expect(ids({ address_country: "CA", address_postal_code: postal })).toEqual(["CA", `CA-${province}`]);
  });

  it("refuses a postal code of another province", () => {
    expect(errorOf({ address_country: "CA", address_province: "QC", address_postal_code: "K1A 0B1" })).toMatchObject({
      code: "invalid_address",
      meta: { field: "address_postal_code", reason: "contradiction" },
    });
  });

  it("accepts NT or NU for an X postal code", () => {
    expect(ids({ address_country: "CA", address_province: "NT", address_postal_code: "X0A 0H0" })).toEqual([
      "CA",
      "CA-NT",
    ]);
  });

  it("resolves a province without postal code, and the country alone", () => {
    expect(resolve({ address_country: "CA", address_province: "bc" })).toMatchObject({
      resolution_precision: "PROVINCE",
      address_resolution_status: "PROVINCE_ONLY",
    });
    expect(ids({ address_country: "CA", address_province: "Québec" })).toEqual(["CA", "CA-QC"]);
    expect(resolve({ address_country: "CA" })).toMatchObject({
      resolution_precision: "COUNTRY",
      address_resolution_status: "COUNTRY_ONLY",
    });
  });

  it("refuses malformed postal codes and unknown provinces", () => {
    expect(errorOf({ address_country: "CA", address_postal_code: "12345" })).toMatchObject({
      code: "invalid_field",
      meta: { field: "address_postal_code" },
    });
    expect(errorOf({ address_country: "CA", address_postal_code: "D1A 1A1" })).toMatchObject({ code: "invalid_field" });
    expect(errorOf({ address_country: "CA", address_province: "XX" })).toMatchObject({
      code: "invalid_field",
      meta: { field: "address_province" },
    });
  });
});

describe("other countries and special VAT territories", () => {
  it("resolves any other country at country level", () => {
    const result = resolve({ address_country: "de", address_postal_code: "10115", address_city: "Berlin" });
    expect(result.jurisdictions).toEqual([
      { id: "DE", name: "Germany", type: "COUNTRY", authority_name: "Germany", source: "" },
    ]);
    expect(result).toMatchObject({ resolution_precision: "COUNTRY", address_resolution_status: "COUNTRY_ONLY" });
  });

  it.each([
    ["ES", "35001", "", "", "ES-VATX-CANARY_ISLANDS"],
    ["ES", "38670", "", "", "ES-VATX-CANARY_ISLANDS"],
    ["ES", "51001", "", "", "ES-VATX-CEUTA"],
    ["ES", "52001", "", "", "ES-VATX-MELILLA"],
    ["EA", "51001", "", "", "ES-VATX-CEUTA"],
    ["EA", "52005", "", "", "ES-VATX-MELILLA"],
    ["FR", "97110", "", "", "FR-VATX-GUADELOUPE"],
    ["FR", "97200", "", "", "FR-VATX-MARTINIQUE"],
    ["FR", "97300", "", "", "FR-VATX-FRENCH_GUIANA"],
    ["FR", "97400", "", "", "FR-VATX-REUNION"],
    ["FR", "97600", "", "", "FR-VATX-MAYOTTE"],
    ["FR", "97150", "", "", "FR-VATX-SAINT_MARTIN"],
    ["FR", "97133", "", "", "FR-VATX-SAINT_BARTHELEMY"],
    ["FR", "97500", "", "", "FR-VATX-SAINT_PIERRE_MIQUELON"],
    ["FR", "98600", "", "", "FR-VATX-WALLIS_FUTUNA"],
    ["FR", "98714", "", "", "FR-VATX-FRENCH_POLYNESIA"],
    ["FR", "98800", "", "", "FR-VATX-NEW_CALEDONIA"],
    ["FI", "22100", "", "", "FI-VATX-ALAND"],
    ["DE", "78266", "", "", "DE-VATX-BUSINGEN"],
    ["DE", "D-78266", "", "", "DE-VATX-BUSINGEN"],
    ["CH", "8238", "", "", "DE-VATX-BUSINGEN"],
    ["DE", "27498", "", "", "DE-VATX-HELIGOLAND"],
    ["IT", "23041", "", "", "IT-VATX-LIVIGNO"],
    ["IT", "23030", "", "Trepalle", "IT-VATX-LIVIGNO"],
    ["IT", "22061", "", "", "IT-VATX-CAMPIONE_D_ITALIA"],
    ["CH", "6911", "", "", "IT-VATX-CAMPIONE_D_ITALIA"],
    ["GR", "630 86", "", "", "GR-VATX-MOUNT_ATHOS"],
    ["GR", "63087", "", "", "GR-VATX-MOUNT_ATHOS"],
  ])("%s %s %s %s → %s by postal code", (country, postal, province, city, id) => {
    const result = resolve({
      address_country: country,
      address_postal_code: postal,
      address_province: province,
      address_city: city,
    });
    expect(result.jurisdictions).toHaveLength(1);
    expect(result.jurisdictions[0]).toMatchObject({ id, type: "COUNTRY" });
    expect(result.jurisdictions[0]!.source).toMatch(/Directive|TFEU/);
    expect(result).toMatchObject({ resolution_precision: "POSTAL", address_resolution_status: "SPECIAL_TERRITORY" });
  });

  it.each([
    ["AX", "FI-VATX-ALAND"],
    ["IC", "ES-VATX-CANARY_ISLANDS"],
    ["GP", "FR-VATX-GUADELOUPE"],
    ["MQ", "FR-VATX-MARTINIQUE"],
    ["GF", "FR-VATX-FRENCH_GUIANA"],
    ["RE", "FR-VATX-REUNION"],
    ["YT", "FR-VATX-MAYOTTE"],
    ["MF", "FR-VATX-SAINT_MARTIN"],
    ["BL", "FR-VATX-SAINT_BARTHELEMY"],
  ])("country code %s → %s", (country, id) => {
    expect(resolve({ address_country: country })).toMatchObject({
      jurisdictions: [{ id }],
      address_resolution_status: "SPECIAL_TERRITORY",
      resolution_precision: "COUNTRY",
    });
  });

  it.each([
    ["ES", "TF", "ES-VATX-CANARY_ISLANDS"],
    ["ES", "ce", "ES-VATX-CEUTA"],
    ["FI", "01", "FI-VATX-ALAND"],
    ["FR", "974", "FR-VATX-REUNION"],
    ["GR", "69", "GR-VATX-MOUNT_ATHOS"],
  ])("%s with province %s and no postal code → %s", (country, province, id) => {
    expect(resolve({ address_country: country, address_province: province })).toMatchObject({
      jurisdictions: [{ id }],
      resolution_precision: "PROVINCE",
    });
  });

  it("lets the postal code decide over the province", () => {
    expect(ids({ address_country: "ES", address_province: "TF", address_postal_code: "28001" })).toEqual(["ES"]);
  });

  it("keeps mainland codes in the member state", () => {
    expect(ids({ address_country: "ES", address_postal_code: "28001" })).toEqual(["ES"]);
    expect(ids({ address_country: "FR", address_postal_code: "75001" })).toEqual(["FR"]);
    expect(ids({ address_country: "FR", address_postal_code: "98000" })).toEqual(["FR"]); // Monaco through French post
    expect(ids({ address_country: "IT", address_postal_code: "23030", address_city: "Valdisotto" })).toEqual(["IT"]);
    expect(ids({ address_country: "AT", address_postal_code: "6991" })).toEqual(["AT"]); // Mittelberg: Austrian VAT area
    expect(ids({ address_country: "AT", address_postal_code: "6691" })).toEqual(["AT"]); // Jungholz
  });

  it("puts Monaco in the French and the Isle of Man in the UK VAT area", () => {
    expect(resolve({ address_country: "MC", address_postal_code: "98000" }).jurisdictions).toEqual([
      expect.objectContaining({ id: "FR", name: "France", type: "COUNTRY", source: expect.stringContaining("Art. 7") }),
    ]);
    expect(ids({ address_country: "IM", address_postal_code: "IM1 1AA" })).toEqual(["GB"]);
  });

  it("needs the postal code to tell Ceuta from Melilla under EA", () => {
    expect(errorOf({ address_country: "EA" })).toMatchObject({
      code: "invalid_address",
      meta: { reason: "unresolvable" },
    });
  });

  it("has a source and a start date for every territory", () => {
    for (const territory of specialTerritories) {
      expect(territory.id).toMatch(new RegExp(`^${territory.memberState}-VATX-[A-Z0-9_]+$`));
      expect(territory.effective_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(territory.source.length).toBeGreaterThan(20);
    }
  });
});

describe("VAT regions and postal dependencies (issue 18)", () => {
  it("puts Madeira (Porto Santo included) and the Azores in their regions, by postal code or region", () => {
    expect(ids({ address_country: "PT", address_postal_code: "9000-018" })).toEqual(["PT", "PT-30"]);
    expect(ids({ address_country: "PT", address_postal_code: "9400-010" })).toEqual(["PT", "PT-30"]);
    expect(ids({ address_country: "PT", address_postal_code: "9500-150" })).toEqual(["PT", "PT-20"]);
    expect(ids({ address_country: "PT", address_postal_code: "9980-024" })).toEqual(["PT", "PT-20"]);
    expect(ids({ address_country: "PT", address_postal_code: "1100-148" })).toEqual(["PT"]);
    const byRegion = resolve({ address_country: "PT", address_province: "Açores" });
    expect(byRegion.jurisdictions.map((j) => j.id)).toEqual(["PT", "PT-20"]);
    expect(byRegion).toMatchObject({
      resolution_precision: "PROVINCE",
      address_resolution_status: "SPECIAL_TERRITORY",
      address_used: { address_province: "20" },
    });
  });

  it("resolves GB addresses with JE and GY postcodes to Jersey and Guernsey, and leaves the rest in GB", () => {
    const jersey = resolve({ address_country: "GB", address_postal_code: "JE2 3AB" });
    expect(jersey.jurisdictions.map((j) => j.id)).toEqual(["JE"]);
    expect(jersey.address_used.address_country).toBe("JE");
    expect(ids({ address_country: "GB", address_postal_code: "GY1 1AA" })).toEqual(["GG"]);
    expect(ids({ address_country: "GB", address_postal_code: "SW1A 1AA" })).toEqual(["GB"]);
    expect(ids({ address_country: "GB", address_postal_code: "" })).toEqual(["GB"]);
  });

  it("puts Liechtenstein in the Swiss VAT area", () => {
    expect(ids({ address_country: "LI", address_postal_code: "9490" })).toEqual(["CH"]);
  });
});
