// IP and address+IP resolution over the real packaged GeoLite2 files. The public IPs
// were picked by reading the databases (src/bench/find-test-ips.ts walks IPv4 in /20 and
// IPv6 in /40 steps and prints the first address of each kind), not from memory; if a
// data update moves them, rerun the script and replace them.
import { LevyError } from "@levy/kit";
import { beforeAll, describe, expect, it } from "vitest";
import type { IpLocation } from "../ip/ip-database.js";
import { loadGeoData, type GeoData } from "../loading/load-geo-data.js";
import type { AddressInput } from "./normalize-address.js";
import { LocationResolver, type LocationRequest, type LocationResolution } from "./resolve-location.js";

const ips = {
  usZip: "2.17.80.1", // US, Illinois, Chicago, 60602
  usStateOnly: "4.1.192.1", // US, Utah, no postcode
  usNothing: "1.178.0.1", // US, no state, no postcode
  caProvince: "3.2.96.1", // CA, Alberta, Calgary, T2R
  caNothing: "5.23.0.1", // CA, no province, no postcode
  de: "2.16.32.1", // DE, Hesse, Frankfurt am Main, 60313
  canary: "2.137.0.1", // ES, Canary Islands, Adeje, 38670
  aland: "79.133.0.1", // AX
  pr: "12.41.128.1", // PR, San Juan, 00911
  v6UsZip: "2001:400::1", // US, Tennessee, Knoxville, 37934
  v6UsStateOnly: "2001:1900::1", // US, Arizona, no postcode
  v6UsNothing: "2001:1800::1", // US, nothing more
  v6CaProvince: "2600:ac00::1", // CA, British Columbia, Vancouver, V6B
  v6De: "2001:3000::1", // DE, no region
};

let data: GeoData;
beforeAll(async () => {
  data = await loadGeoData();
});

const locate = (request: LocationRequest): LocationResolution => data.locations.resolve(request);
const byIp = (value: string, resolution = "") => locate({ ip: { value, resolution } });
const ids = (result: LocationResolution) => result.jurisdictions.map((j) => j.id);

function errorOf(run: () => unknown): LevyError {
  try {
    run();
  } catch (error) {
    if (error instanceof LevyError) return error;
    throw error;
  }
  throw new Error("expected an error");
}

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

describe("IP input validation", () => {
  it.each(["", "not-an-ip", "256.1.1.1", "1.2.3", "2001:db8::g", "01.2.3.4 5"])(
    "refuses %j as INVALID_IP_FORMAT",
    (value) => {
      expect(errorOf(() => byIp(value))).toMatchObject({
        code: "INVALID_IP_FORMAT",
        meta: { field: "customer.ip.value" },
      });
    },
  );

  it("refuses an unknown mode as invalid_field", () => {
    expect(errorOf(() => byIp(ips.usZip, "fuzzy"))).toMatchObject({
      code: "invalid_field",
      meta: { field: "customer.ip.resolution" },
    });
    expect(errorOf(() => byIp(ips.usZip, "STRICT"))).toMatchObject({ code: "invalid_field" });
  });

  it("refuses a request with neither address nor ip", () => {
    expect(errorOf(() => locate({}))).toMatchObject({ code: "missing_field" });
  });

  it("validates the IP even when the address resolves", () => {
    expect(
      errorOf(() => locate({ address: address({ address_postal_code: "19103" }), ip: { value: "x", resolution: "" } })),
    ).toMatchObject({ code: "INVALID_IP_FORMAT" });
  });
});

describe("strict (the default)", () => {
  it("resolves a US IP with a known ZIP like an address with that ZIP", () => {
    const result = byIp(ips.usZip);
    expect(ids(result)).toEqual(["US", "US-IL", "US-IL-COUNTY-COOK", "US-IL-CITY-CHICAGO"]);
    expect(result).toMatchObject({ resolution_precision: "POSTAL", location_source: "ip", zero_rate: false });
    expect(result.address_used).toMatchObject({
      address_country: "US",
      address_province: "IL",
      address_postal_code: "60602",
      address_city: "Chicago",
    });
    expect(byIp(ips.usZip, "strict")).toEqual(result);
  });

  it("resolves IPv6 and IPv4-mapped IPv6", () => {
    expect(ids(byIp(ips.v6UsZip)).slice(0, 2)).toEqual(["US", "US-TN"]);
    expect(ids(byIp(`::ffff:${ips.usZip}`))).toEqual(ids(byIp(ips.usZip)));
    expect(ids(byIp(ips.v6CaProvince))).toEqual(["CA", "CA-BC"]);
    expect(ids(byIp(ips.v6De))).toEqual(["DE"]);
    expect(ids(byIp(`${ips.v6UsZip}%eth0`))).toEqual(ids(byIp(ips.v6UsZip)));
    expect(ids(byIp(` ${ips.usZip} `))).toEqual(ids(byIp(ips.usZip)));
  });

  it("resolves Canada at province level and other countries at country level", () => {
    expect(byIp(ips.caProvince)).toMatchObject({
      resolution_precision: "PROVINCE",
      address_used: { address_province: "AB", address_postal_code: "T2R" },
    });
    expect(ids(byIp(ips.caProvince))).toEqual(["CA", "CA-AB"]);
    expect(ids(byIp(ips.de))).toEqual(["DE"]);
  });

  it("recognises special territories and US territories from the IP record", () => {
    expect(ids(byIp(ips.canary))).toEqual(["ES-VATX-CANARY_ISLANDS"]);
    expect(ids(byIp(ips.aland))).toEqual(["FI-VATX-ALAND"]);
    expect(ids(byIp(ips.pr))[0]).toBe("PR");
  });

  it.each([
    [ips.usStateOnly, "IP_RESOLUTION_INSUFFICIENT_US"],
    [ips.usNothing, "IP_RESOLUTION_INSUFFICIENT_US"],
    [ips.v6UsStateOnly, "IP_RESOLUTION_INSUFFICIENT_US"],
    [ips.caNothing, "IP_RESOLUTION_INSUFFICIENT_CA"],
  ])("refuses %s with %s", (ip, code) => {
    expect(errorOf(() => byIp(ip))).toMatchObject({ code, meta: { field: "customer.ip.value" } });
  });

  it.each([
    "10.0.0.1",
    "127.0.0.1",
    "169.254.1.1",
    "100.64.0.1",
    "192.0.2.1",
    "::1",
    "fe80::1",
    "::ffff:10.0.0.1",
    "2001:db8::1",
  ])("treats reserved %s as no country (IP_RESOLUTION_FAILED, not a format error)", (ip) => {
    expect(errorOf(() => byIp(ip))).toMatchObject({ code: "IP_RESOLUTION_FAILED" });
  });
});

describe("zero", () => {
  it("answers zero rates when the IP is insufficient", () => {
    for (const ip of [ips.usStateOnly, ips.caNothing, "10.0.0.1", "::1"]) {
      const result = byIp(ip, "zero");
      expect(result).toMatchObject({
        zero_rate: true,
        jurisdictions: [],
        location_source: "ip",
        address_resolution_status: "ZERO_RATE",
      });
    }
    // The province is a code, and the precision says how far the IP resolved.
    expect(byIp(ips.usStateOnly, "zero")).toMatchObject({
      resolution_precision: "PROVINCE",
      address_used: { address_country: "US", address_province: "UT" },
    });
    expect(byIp(ips.caNothing, "zero")).toMatchObject({
      resolution_precision: "COUNTRY",
      address_used: { address_country: "CA", address_province: "" },
    });
    expect(byIp("10.0.0.1", "zero")).toMatchObject({
      resolution_precision: "COUNTRY",
      address_used: { address_country: "", address_province: "" },
    });
  });

  it("resolves normally when the IP is sufficient", () => {
    expect(byIp(ips.usZip, "zero")).toMatchObject({ zero_rate: false, resolution_precision: "POSTAL" });
  });
});

describe("approximate", () => {
  it("puts a US IP with a state but no ZIP at the state's most populous ZIP", () => {
    const result = byIp(ips.usStateOnly, "approximate");
    expect(result).toMatchObject({
      resolution_precision: "APPROXIMATED",
      address_resolution_status: "APPROXIMATED",
      zero_rate: false,
      location_source: "ip",
    });
    const zip = result.address_used.address_postal_code;
    const index = data.addresses.zips;
    expect(index.region(index.slotOf(zip)).code).toBe("UT");
    expect(index.population(index.slotOf(zip))).toBe(Math.max(...utahPopulations()));
    expect(ids(result).slice(0, 2)).toEqual(["US", "US-UT"]);
    expect(ids(byIp(ips.v6UsStateOnly, "approximate")).slice(0, 2)).toEqual(["US", "US-AZ"]);
  });

  it("fails like strict for a US IP without state, and for no country", () => {
    expect(errorOf(() => byIp(ips.usNothing, "approximate"))).toMatchObject({ code: "IP_RESOLUTION_INSUFFICIENT_US" });
    expect(errorOf(() => byIp("192.168.1.1", "approximate"))).toMatchObject({ code: "IP_RESOLUTION_FAILED" });
  });

  it("puts a Canadian IP without province in Ontario, the most populous", () => {
    const result = byIp(ips.caNothing, "approximate");
    expect(ids(result)).toEqual(["CA", "CA-ON"]);
    expect(result.resolution_precision).toBe("APPROXIMATED");
  });

  it("leaves sufficient IPs as they are", () => {
    expect(byIp(ips.usZip, "approximate")).toEqual(byIp(ips.usZip, "strict"));
  });
});

describe("best_effort", () => {
  it("approximates where it can and answers zero rates where approximate fails", () => {
    expect(byIp(ips.usStateOnly, "best_effort").resolution_precision).toBe("APPROXIMATED");
    expect(byIp(ips.caNothing, "best_effort").resolution_precision).toBe("APPROXIMATED");
    expect(byIp(ips.usNothing, "best_effort")).toMatchObject({ zero_rate: true, jurisdictions: [] });
    expect(byIp("fe80::1", "best_effort")).toMatchObject({ zero_rate: true, jurisdictions: [] });
  });
});

describe("address and IP together", () => {
  it("uses the address when it resolves", () => {
    const result = locate({
      address: address({ address_postal_code: "19103" }),
      ip: { value: ips.usZip, resolution: "strict" },
    });
    expect(result).toMatchObject({ location_source: "address", zero_rate: false });
    expect(ids(result)[1]).toBe("US-PA");
  });

  it("falls back to the IP when the address cannot be placed", () => {
    const result = locate({
      address: address({ address_postal_code: "99999" }),
      ip: { value: ips.usZip, resolution: "" },
    });
    expect(result.location_source).toBe("ip");
    expect(ids(result)[1]).toBe("US-IL");
  });

  it("does not fall back on a contradiction or a format error", () => {
    const ip = { value: ips.usZip, resolution: "" };
    expect(
      errorOf(() => locate({ address: address({ address_province: "NY", address_postal_code: "19103" }), ip })),
    ).toMatchObject({ code: "invalid_address" });
    expect(errorOf(() => locate({ address: address({ address_postal_code: "123" }), ip }))).toMatchObject({
      code: "invalid_field",
    });
  });

  it("uses the address alone like ResolveAddress", () => {
    const result = locate({ address: address({ address_postal_code: "00601" }) });
    expect(result).toMatchObject({
      location_source: "address",
      jurisdictions: [{ id: "PR" }, { id: "PR-COUNTY-ADJUNTAS" }, { id: "PR-CITY-ADJUNTAS" }],
    });
  });
});

describe("records the packaged data does not have", () => {
  const record = (parts: Partial<IpLocation>): IpLocation => ({
    country: "",
    subdivisionCode: "",
    subdivisionName: "",
    city: "",
    postalCode: "",
    ...parts,
  });
  const withRecord = (location: IpLocation | null) => new LocationResolver(data.addresses, { lookup: () => location });
  const resolveWith = (location: IpLocation | null, resolution = "") =>
    withRecord(location).resolve({ ip: { value: "8.8.8.8", resolution } });

  it("treats a US postal code missing from the ZIP data as insufficient", () => {
    expect(
      errorOf(() => resolveWith(record({ country: "US", subdivisionName: "Alaska", postalCode: "99999" }))),
    ).toMatchObject({ code: "IP_RESOLUTION_INSUFFICIENT_US" });
    expect(
      ids(resolveWith(record({ country: "US", subdivisionName: "Alaska", postalCode: "99999" }), "approximate")).slice(
        0,
        2,
      ),
    ).toEqual(["US", "US-AK"]);
  });

  it("lets the ZIP decide when the record's state disagrees", () => {
    expect(ids(resolveWith(record({ country: "US", subdivisionName: "Texas", postalCode: "19103" })))[1]).toBe("US-PA");
  });

  it("reads MaxMind subdivision codes", () => {
    expect(ids(resolveWith(record({ country: "CA", subdivisionCode: "QC" })))).toEqual(["CA", "CA-QC"]);
    expect(ids(resolveWith(record({ country: "US", subdivisionCode: "NV" }), "approximate")).slice(0, 2)).toEqual([
      "US",
      "US-NV",
    ]);
  });

  it("approximates a Canadian IP without province from its postal area", () => {
    expect(ids(resolveWith(record({ country: "CA", postalCode: "V6B" }), "approximate"))).toEqual(["CA", "CA-BC"]);
  });

  it("fails for a record whose country is not a country", () => {
    expect(errorOf(() => resolveWith(record({ country: "EU" })))).toMatchObject({ code: "IP_RESOLUTION_FAILED" });
    expect(errorOf(() => resolveWith(null))).toMatchObject({ code: "IP_RESOLUTION_FAILED" });
  });
});

function utahPopulations(): number[] {
  const index = data.addresses.zips;
  const populations: number[] = [];
  for (let slot = 0; slot < index.size; slot++)
    if (index.region(slot).code === "UT") populations.push(index.population(slot));
  return populations;
}
