// Checks Levy's United States sales-tax data (data/us-states.json, data/us-local*.json):
// the two files validate as a set, every state + DC and the territories are there, the
// no-sales-tax states are zero, the worked examples of the data brief come out right,
// at least 100 large cities have local data, and — as a yardstick, not as a source — the
// combined rate our data gives for each city agrees with Avalara's March 2026 ZIP-level
// tables in /work/shared/fixtures/us-avalara-zip5 (see its README). Where they differ,
// the reason is written down in an allow-list below; the allow-list is itself checked,
// so a stale entry fails the test.
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RateData, loadRateDataDir } from "./load-rate-data.js";
import { RateBook } from "./rate-book.js";

const dataDir = fileURLToPath(new URL("../../data/", import.meta.url));
/** us-states.json, us-local.json and the per-state local files (us-local-<st>.json). */
const files = readdirSync(dataDir).filter((file) => /^us-(states|local(-[a-z]{2})?)\.json$/.test(file));
const fixtureDir = resolve(process.cwd(), "../shared/fixtures/us-avalara-zip5");
/** Avalara's tables are for March 2026 (file suffix 202603). */
const FIXTURE_DAY = "2026-03-15";
const TODAY = "2026-11-22";

const STATES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "DC",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
];
const NO_STATE_TAX = ["AK", "DE", "MT", "NH", "OR"];
const NO_LOCAL_TAX = ["CT", "DC", "DE", "IN", "KY", "MA", "MD", "ME", "MI", "NH", "NJ", "OR", "RI"];
const TERRITORIES = ["PR", "GU", "VI", "AS", "MP"];

/** The geo-resolver's slug rule (see rate-data-schema / the data brief). */
function slug(name: string, county = false): string {
  let s = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();
  if (county) s = s.replace(/\s+(COUNTY|PARISH|BOROUGH)$/, "");
  s = s.replace(/\bSAINT\b/g, "ST").replace(/\bST\./g, "ST");
  return s.replace(/[^A-Z0-9]+/g, "_").replace(/^_+|_+$/g, "");
}

interface City {
  readonly state: string;
  readonly city: string;
  /** The county (or counties, for cities spanning several) the ZIP data names for the city. */
  readonly counties: readonly string[];
  /** Fixture TaxRegionName values to compare with, when Avalara does not use the city name. */
  readonly regions?: readonly string[];
}
const c = (state: string, city: string, counties: string[] | string, regions?: string[]): City => ({
  state,
  city,
  counties: typeof counties === "string" ? [counties] : counties,
  ...(regions ? { regions } : {}),
});

// The ~100 most populous US cities (Census 2020 / 2024 estimates) plus a few more, with
// the county the ZIP data names for them. NYC is listed per borough county.
const CITIES: readonly City[] = [
  c(
    "NY",
    "New York",
    ["New York County", "Kings County", "Queens County", "Bronx County", "Richmond County"],
    ["NEW YORK CITY"],
  ),
  c("CA", "Los Angeles", "Los Angeles County"),
  c("IL", "Chicago", "Cook County"),
  c("TX", "Houston", "Harris County"),
  c("AZ", "Phoenix", "Maricopa County"),
  c("PA", "Philadelphia", "Philadelphia County"),
  c("TX", "San Antonio", "Bexar County"),
  c("CA", "San Diego", "San Diego County", ["SAN DIEGO TOT ZONE 1", "SAN DIEGO TOT ZONE 2", "SAN DIEGO TOT ZONE 3"]),
  c("TX", "Dallas", "Dallas County"),
  c("FL", "Jacksonville", "Duval County"),
  c("TX", "Fort Worth", "Tarrant County"),
  c("CA", "San Jose", "Santa Clara County", [
    "SAN JOSE CONVENTION CENTER FACILITY DISTRICT ZONE 1",
    "SAN JOSE CONVENTION CENTER FACILITY DISTRICT ZONE 2",
  ]),
  c("TX", "Austin", "Travis County"),
  c("NC", "Charlotte", "Mecklenburg County"),
  c("OH", "Columbus", "Franklin County", ["FRANKLIN"]),
  c("IN", "Indianapolis", "Marion County", ["MARION"]),
  c("CA", "San Francisco", "San Francisco County", ["SAN FRANCISCO TOURISM IMPROVEMENT DISTRICT"]),
  c("WA", "Seattle", "King County"),
  c("CO", "Denver", "Denver County"),
  c("OK", "Oklahoma City", "Oklahoma County"),
  c("TN", "Nashville", "Davidson County"),
  c("DC", "Washington", "District of Columbia", ["DISTRICT OF COLUMBIA"]),
  c("TX", "El Paso", "El Paso County"),
  c("NV", "Las Vegas", "Clark County"),
  c("MA", "Boston", "Suffolk County"),
  c("MI", "Detroit", "Wayne County"),
  c("OR", "Portland", "Multnomah County"),
  c("KY", "Louisville", "Jefferson County"),
  c("TN", "Memphis", "Shelby County"),
  c("MD", "Baltimore", "Baltimore city"),
  c("WI", "Milwaukee", "Milwaukee County"),
  c("NM", "Albuquerque", "Bernalillo County"),
  c("AZ", "Tucson", "Pima County"),
  c("CA", "Fresno", "Fresno County"),
  c("CA", "Sacramento", "Sacramento County"),
  c("AZ", "Mesa", "Maricopa County"),
  c("GA", "Atlanta", "Fulton County"),
  c("MO", "Kansas City", "Jackson County"),
  c("CO", "Colorado Springs", "El Paso County"),
  c("NE", "Omaha", "Douglas County"),
  c("NC", "Raleigh", "Wake County"),
  c("FL", "Miami", "Miami-Dade County"),
  c("VA", "Virginia Beach", "Virginia Beach city", ["VIRGINIA BEACH CITY CO SP"]),
  c("CA", "Long Beach", "Los Angeles County"),
  c("CA", "Oakland", "Alameda County"),
  c("MN", "Minneapolis", "Hennepin County"),
  c("CA", "Bakersfield", "Kern County"),
  c("OK", "Tulsa", "Tulsa County"),
  c("FL", "Tampa", "Hillsborough County"),
  c("TX", "Arlington", "Tarrant County"),
  c("KS", "Wichita", "Sedgwick County"),
  c("CO", "Aurora", ["Arapahoe County", "Adams County", "Douglas County"]),
  c("LA", "New Orleans", "Orleans Parish", ["ORLEANS"]),
  c("OH", "Cleveland", "Cuyahoga County"),
  c("HI", "Honolulu", "Honolulu County"),
  c("CA", "Anaheim", "Orange County"),
  c("NV", "Henderson", "Clark County"),
  c("FL", "Orlando", "Orange County"),
  c("KY", "Lexington", "Fayette County", ["FAYETTE"]),
  c("CA", "Stockton", "San Joaquin County"),
  c("CA", "Riverside", "Riverside County"),
  c("TX", "Corpus Christi", "Nueces County"),
  c("CA", "Irvine", "Orange County"),
  c("OH", "Cincinnati", "Hamilton County"),
  c("CA", "Santa Ana", "Orange County"),
  c("NJ", "Newark", "Essex County"),
  c("MN", "St. Paul", "Ramsey County", ["SAINT PAUL"]),
  c("PA", "Pittsburgh", "Allegheny County", ["ALLEGHENY"]),
  c("NC", "Greensboro", "Guilford County"),
  c("NC", "Durham", "Durham County"),
  c("NE", "Lincoln", "Lancaster County"),
  c("NJ", "Jersey City", "Hudson County"),
  c("TX", "Plano", "Collin County"),
  c("AK", "Anchorage", "Anchorage Borough", ["ANCHORAGE BOROUGH"]),
  c("NV", "North Las Vegas", "Clark County"),
  c("MO", "St. Louis", "St. Louis city", ["SAINT LOUIS"]),
  c("WI", "Madison", "Dane County"),
  c("AZ", "Chandler", "Maricopa County"),
  c("AZ", "Gilbert", "Maricopa County"),
  c("NV", "Reno", "Washoe County"),
  c("NY", "Buffalo", "Erie County"),
  c("CA", "Chula Vista", "San Diego County"),
  c("IN", "Fort Wayne", "Allen County"),
  c("TX", "Lubbock", "Lubbock County"),
  c("OH", "Toledo", "Lucas County"),
  c("FL", "St. Petersburg", "Pinellas County", ["SAINT PETERSBURG"]),
  c("TX", "Laredo", "Webb County", ["LAREDO CITY CTD TRANSIT"]),
  c("TX", "Irving", "Dallas County"),
  c("VA", "Chesapeake", "Chesapeake city", ["CHESAPEAKE CITY CO SP"]),
  c("AZ", "Glendale", "Maricopa County"),
  c("NC", "Winston-Salem", "Forsyth County"),
  c("FL", "Port St. Lucie", "St. Lucie County", ["PORT SAINT LUCIE"]),
  c("AZ", "Scottsdale", "Maricopa County"),
  c("TX", "Garland", "Dallas County"),
  c("ID", "Boise", "Ada County"),
  c("VA", "Norfolk", "Norfolk city", ["NORFOLK CITY CO SP"]),
  c("WA", "Spokane", "Spokane County"),
  c("VA", "Richmond", "Richmond city"),
  c("CA", "Fremont", "Alameda County"),
  c("AL", "Huntsville", "Madison County"),
  c("LA", "Baton Rouge", "East Baton Rouge Parish"),
  c("IA", "Des Moines", "Polk County"),
  c("WA", "Tacoma", "Pierce County"),
  c("TX", "Frisco", "Collin County"),
  c("TX", "McKinney", "Collin County"),
  c("FL", "Cape Coral", "Lee County"),
  c("NC", "Fayetteville", "Cumberland County"),
  c("CA", "Santa Clarita", "Los Angeles County"),
  c("CA", "Fontana", "San Bernardino County"),
  c("CA", "Moreno Valley", "Riverside County"),
  c("AL", "Birmingham", "Jefferson County"),
  c("UT", "Salt Lake City", "Salt Lake County"),
  c("SD", "Sioux Falls", "Minnehaha County"),
  c("AR", "Little Rock", "Pulaski County"),
  c("CA", "Oxnard", "Ventura County"),
];

/** Cities with no local sales tax at all (their state has none, or the city/county levies none). */
const NO_LOCAL_CITIES = new Set([
  "DC Washington",
  "MA Boston",
  "MI Detroit",
  "OR Portland",
  "KY Louisville",
  "KY Lexington",
  "MD Baltimore",
  "IN Indianapolis",
  "IN Fort Wayne",
  "NJ Newark",
  "NJ Jersey City",
]);

/**
 * Cities whose combined rate differs from the fixture's most common rate for the city's
 * ZIPs, with the reason. Checked both ways: an entry that no longer differs fails.
 */
const FIXTURE_DIFFERENCES: Record<string, string> = {
  // Jackson County part of Kansas City is 8.975% (4.225 state + 1.375 Jackson County + 3.25 city + 0.125 Zoological
  // District; MO DOR rate tables). Avalara's most common rate for 'KANSAS CITY' ZIPs (9.975%) adds a 1% Community
  // Improvement / Transportation Development District that applies only inside those districts, not city-wide.
  "MO Kansas City": "fixture's modal ZIP rate includes a 1% CID/TDD; the city-wide rate is 8.975%",
  // Spokane city is 9.1% since 2025-04-01 (Community Safety Sales Tax); 12 of the fixture's 'SPOKANE' ZIPs carry it.
  // Its modal rate (8.1%) is unincorporated Spokane County (Spokane Valley / outskirts under the 'SPOKANE' postal name).
  "WA Spokane": "fixture's modal 'SPOKANE' ZIPs are unincorporated Spokane County (8.1%), not the city (9.1%)",
  // Davidson County's 0.5% transit surcharge took effect on 2025-02-01 (Tennessee DOR Important Notice #24-11), so
  // Nashville is 9.75%; the March 2026 fixture still gives every 'NASHVILLE' ZIP 9.25%.
  "TN Nashville":
    "fixture lacks Davidson County's 0.5% transit surcharge of 2025-02-01 (TN DOR Important Notice #24-11)",
};

let data: RateData;
let book: RateBook;
let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "levy-us-data-"));
  for (const file of files) copyFileSync(join(dataDir, file), join(workDir, file));
  data = loadRateDataDir(workDir);
  book = new RateBook(data);
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function rateOn(id: string, day: string): number {
  const jurisdiction = data.jurisdictions.get(id);
  if (!jurisdiction) throw new Error(`no jurisdiction ${id}`);
  const period = book.ratesOn(jurisdiction, day);
  if (!period) throw new Error(`${id} has no rate on ${day}`);
  return period.rates.standard!;
}

/** The ids the engine would see for an address: state, city and county (when authored). */
function idsFor(state: string, city: string, county: string): string[] {
  const ids = [`US-${state}`, `US-${state}-CITY-${slug(city)}`, `US-${state}-COUNTY-${slug(county, true)}`];
  return ids.filter((id) => data.jurisdictions.has(id));
}

/** state + city + county + the districts that apply with them, on a day. */
function combined(state: string, city: string, county: string, day: string): number {
  const ids = idsFor(state, city, county);
  // A district that starts later (e.g. Oakland's 2025 tax) has no period before it starts: it adds nothing then.
  // A tax on a slice of a unit's price only (Tennessee's single article tax) is not in a combined rate.
  const districts = book
    .districtsFor(ids)
    .filter((d) => book.ratesOn(d, day) !== undefined && !d.unit_price_cap?.some((cap) => cap.above))
    .map((d) => d.id);
  // As the engine does: an id another one supersedes (a county's unincorporated-area tax in a city) drops out.
  const all = [...ids, ...districts];
  const superseded = new Set(all.flatMap((id) => data.jurisdictions.get(id)!.supersedes ?? []));
  const total = all.filter((id) => !superseded.has(id)).reduce((sum, id) => sum + rateOn(id, day), 0);
  return Math.round(total * 1e6) / 1e6;
}

function combinedOptions(entry: City, day: string): number[] {
  return entry.counties.map((county) => combined(entry.state, entry.city, county, day));
}

describe("US rate data", () => {
  it("validates as a set (schema, periods without gaps, references)", () => {
    expect(data.jurisdictions.size).toBeGreaterThan(200);
  });

  it("has all 50 states and DC as STATE/SALES entries with a rate today and back to 2023-01-01", () => {
    for (const st of STATES) {
      const state = data.jurisdictions.get(`US-${st}`);
      expect(state, st).toBeDefined();
      expect(state!.type).toBe("STATE");
      expect(state!.tax_type).toBe("SALES");
      for (const day of ["2023-01-01", "2024-07-01", TODAY])
        expect(() => rateOn(`US-${st}`, day), `${st} ${day}`).not.toThrow();
      for (const period of state!.rates) expect(period.source.length, st).toBeGreaterThan(8);
    }
    const states = [...data.jurisdictions.values()].filter((j) => j.type === "STATE" && /^US-[A-Z]{2}$/.test(j.id));
    expect(states).toHaveLength(51);
  });

  it("has the five no-sales-tax states at 0 and local_taxes false where no local taxes exist", () => {
    for (const st of NO_STATE_TAX) expect(rateOn(`US-${st}`, TODAY), st).toBe(0);
    for (const st of NO_LOCAL_TAX) expect(data.jurisdictions.get(`US-${st}`)!.local_taxes, st).toBe(false);
    for (const st of STATES.filter((s) => !NO_LOCAL_TAX.includes(s)))
      expect(data.jurisdictions.get(`US-${st}`)!.local_taxes, st).not.toBe(false);
    expect(data.jurisdictions.get("US-HI")!.local_taxes).not.toBe(false);
    expect(data.jurisdictions.get("US-AK")!.local_taxes).not.toBe(false);
  });

  it("has the territories as country-level entries", () => {
    for (const code of TERRITORIES) {
      const t = data.jurisdictions.get(code);
      expect(t?.type, code).toBe("COUNTRY");
      expect(t?.tax_type, code).toBe("SALES");
    }
    expect(rateOn("PR", TODAY)).toBeCloseTo(0.115, 10);
    for (const code of ["GU", "VI", "AS", "MP"]) expect(rateOn(code, TODAY), code).toBe(0);
  });

  it("has the state rate changes since 2023 on the right days", () => {
    expect(rateOn("US-NM", "2023-06-30")).toBe(0.05);
    expect(rateOn("US-NM", "2023-07-01")).toBe(0.04875);
    expect(rateOn("US-SD", "2023-06-30")).toBe(0.045);
    expect(rateOn("US-SD", "2023-07-01")).toBe(0.042);
    expect(rateOn("US-LA", "2024-12-31")).toBe(0.0445);
    expect(rateOn("US-LA", "2025-01-01")).toBe(0.05);
    expect(rateOn("US-DC", "2025-10-01")).toBe(0.06);
    expect(rateOn("US-CA", TODAY)).toBe(0.0725);
  });

  it("has the retail delivery fees of Colorado and Minnesota", () => {
    const co = data.jurisdictions.get("US-CO")!;
    const fee = (day: string) => book.feesOn(co, day).map((f) => f.amount);
    expect(fee("2022-06-30")).toEqual([]);
    expect(fee("2022-07-01")).toEqual([27]);
    expect(fee("2023-07-01")).toEqual([28]);
    expect(fee("2024-07-01")).toEqual([29]);
    expect(fee("2025-07-01")).toEqual([28]);
    const mn = data.jurisdictions.get("US-MN")!;
    expect(book.feesOn(mn, "2024-06-30")).toEqual([]);
    const [mnFee] = book.feesOn(mn, "2024-07-01");
    expect(mnFee).toMatchObject({ amount: 50, currency: "USD", min_taxable_order_amount: 10000 });
  });

  it("gives the worked examples of the brief", () => {
    expect(combined("TX", "Dallas", "Dallas County", TODAY)).toBe(0.0825);
    expect(combined("CA", "Los Angeles", "Los Angeles County", TODAY)).toBe(0.0975);
    expect(combined("CA", "Los Angeles", "Los Angeles County", "2024-06-01")).toBe(0.095);
    expect(combined("IL", "Chicago", "Cook County", TODAY)).toBe(0.1025);
    // Denver was 8.81% until 2024; 9.15% since the 0.34% Denver Health tax of 2025-01-01.
    expect(combined("CO", "Denver", "Denver County", "2024-06-01")).toBe(0.0881);
    expect(combined("CO", "Denver", "Denver County", TODAY)).toBe(0.0915);
    for (const [county] of [
      ["New York County"],
      ["Kings County"],
      ["Queens County"],
      ["Bronx County"],
      ["Richmond County"],
    ]) {
      expect(combined("NY", "New York", county!, TODAY), county).toBe(0.08875);
    }
    expect(combined("NY", "Brooklyn", "Kings County", TODAY)).toBe(0.08875);
    // Philadelphia's 2% is on the city only, so a ZIP naming both city and county counts it once.
    expect(combined("PA", "Philadelphia", "Philadelphia County", TODAY)).toBe(0.08);
    expect(data.jurisdictions.has("US-PA-COUNTY-PHILADELPHIA")).toBe(false);
    expect(combined("MI", "Detroit", "Wayne County", TODAY)).toBe(0.06);
    // Changes since the fixture month: Mecklenburg's 1% transportation tax from 2026-07-01 (NCDOR).
    expect(combined("NC", "Charlotte", "Mecklenburg County", "2026-06-30")).toBe(0.0725);
    expect(combined("NC", "Charlotte", "Mecklenburg County", "2026-07-01")).toBe(0.0825);
    expect(combined("CA", "Oakland", "Alameda County", "2025-09-30")).toBe(0.1025);
    expect(combined("CA", "Oakland", "Alameda County", TODAY)).toBe(0.1075);
    expect(combined("AZ", "Phoenix", "Maricopa County", "2025-06-30")).toBe(0.086);
    expect(combined("AZ", "Phoenix", "Maricopa County", TODAY)).toBe(0.091);
  });

  it("has local data for at least 100 of the listed cities, and every id in the city table is well-formed", () => {
    let withLocal = 0;
    for (const entry of CITIES) {
      const key = `${entry.state} ${entry.city}`;
      const local = [
        `US-${entry.state}-CITY-${slug(entry.city)}`,
        ...entry.counties.map((county) => `US-${entry.state}-COUNTY-${slug(county, true)}`),
      ].filter((id) => data.jurisdictions.has(id));
      if (local.length > 0) withLocal += 1;
      else expect(NO_LOCAL_CITIES.has(key), `${key} has no local entry`).toBe(true);
    }
    expect(withLocal).toBeGreaterThanOrEqual(100);
  });

  it("names every local jurisdiction in the geo-resolver's slug form", () => {
    for (const j of data.jurisdictions.values()) {
      if (j.type === "CITY") expect(j.id, j.name).toBe(`${j.id.slice(0, 5)}-CITY-${slug(j.name)}`);
      if (j.type === "COUNTY") expect(j.id, j.name).toBe(`${j.id.slice(0, 5)}-COUNTY-${slug(j.name, true)}`);
      if (j.type === "DISTRICT") expect(j.applies_with?.length, j.id).toBeGreaterThan(0);
    }
  });
});

// ---------------------------------------------------------------------------------------
// Fixture yardstick: Avalara's March 2026 ZIP5 tables.
interface FixtureRow {
  readonly state: string;
  readonly zip: string;
  readonly region: string;
  readonly combined: number;
}
function readFixture(): FixtureRow[] {
  const rows: FixtureRow[] = [];
  for (const file of readdirSync(fixtureDir).filter((f) => f.endsWith(".csv"))) {
    const [, ...lines] = readFileSync(join(fixtureDir, file), "utf8").trim().split("\n");
    for (const line of lines) {
      const [state, zip, region, combinedRate] = line.split(",");
      rows.push({ state: state!, zip: zip!, region: region!, combined: Number(combinedRate) });
    }
  }
  return rows;
}

describe("US rate data against Avalara's March 2026 ZIP tables", () => {
  let rows: FixtureRow[];
  beforeAll(() => {
    rows = readFixture();
  });

  const close = (a: number, b: number) => Math.abs(a - b) < 0.00002; // UT is published as 0.048499

  function cityResult(entry: City) {
    const regions = new Set((entry.regions ?? [entry.city]).map((r) => slug(r)));
    const cityRows = rows.filter((r) => r.state === entry.state && regions.has(slug(r.region)));
    const ours = combinedOptions(entry, FIXTURE_DAY);
    const counts = new Map<number, number>();
    for (const r of cityRows) counts.set(r.combined, (counts.get(r.combined) ?? 0) + 1);
    const modal = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    const zipMatches = cityRows.filter((r) => ours.some((o) => close(o, r.combined))).length;
    return { cityRows, ours, modal, zipMatches, matches: modal !== undefined && ours.some((o) => close(o, modal)) };
  }

  it("finds fixture ZIPs for every listed city", () => {
    const missing = CITIES.filter((entry) => cityResult(entry).cityRows.length === 0).map(
      (e) => `${e.state} ${e.city}`,
    );
    expect(missing).toEqual([]);
  });

  it("matches the fixture's combined rate for at least 90% of the cities; the differences are explained", () => {
    const report: string[] = [];
    let matched = 0;
    let zipTotal = 0;
    let zipMatched = 0;
    for (const entry of CITIES) {
      const key = `${entry.state} ${entry.city}`;
      const r = cityResult(entry);
      zipTotal += r.cityRows.length;
      zipMatched += r.zipMatches;
      if (r.matches) matched += 1;
      if (r.matches === key in FIXTURE_DIFFERENCES) {
        report.push(
          `${key}: ours ${r.ours.join("/")} fixture modal ${r.modal} (${r.zipMatches}/${r.cityRows.length} ZIPs)${r.matches ? " — stale allow-list entry" : ""}`,
        );
      }
    }
    console.info(`US fixture comparison: ${matched}/${CITIES.length} cities match; ${zipMatched}/${zipTotal} ZIPs`);
    expect(report).toEqual([]);
    expect(matched / CITIES.length).toBeGreaterThanOrEqual(0.9);
  });

  it("agrees with the fixture everywhere in states without local taxes", () => {
    const differences: string[] = [];
    for (const st of NO_LOCAL_TAX) {
      const ours = rateOn(`US-${st}`, FIXTURE_DAY);
      for (const r of rows.filter((row) => row.state === st))
        if (!close(r.combined, ours)) differences.push(`${st} ${r.zip} ${r.region} ${r.combined} vs ${ours}`);
    }
    // NJ 08332 (Millville) carries a 2% special rate in Avalara's table that we could not identify (NJ has no general local
    // sales tax; Atlantic City/Cape May taxes are on specific items). Not modelled.
    expect(differences.filter((d) => !d.startsWith("NJ 08332"))).toEqual([]);
    const pr = rows.filter((r) => r.state === "PR");
    expect(pr.every((r) => close(r.combined, rateOn("PR", FIXTURE_DAY)))).toBe(true);
  });
});
