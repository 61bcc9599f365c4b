// Replacing the packaged ZIP data from paths, and the record layouts of the IP files.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adaptRecord } from "../ip/ip-database.js";
import { parseCsvLine } from "./csv.js";
import { loadUsZips } from "./load-us-zips.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "geo-zips-"));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const header =
  '"zip","lat","lng","city","state_id","state_name","zcta","parent_zcta","population","density","county_fips","county_name","county_weights","county_names_all","county_fips_all","imprecise","military","timezone"';
const row = (zip: string, city: string, state: string, fips: string, county: string, population: string) =>
  `"${zip}","0","0","${city}","${state}","x","TRUE","","${population}","1","${fips}","${county}","{""${fips}"": 100}","${county}","${fips}","FALSE","FALSE","America/New_York"`;

describe("US ZIP data from a path", () => {
  it("reads a SimpleMaps uszips.csv and a GeoNames US.txt instead of the packaged data", async () => {
    const csv = join(dir, "uszips.csv");
    const lines = [header];
    // The loader refuses files with fewer than 1,000 ZIPs (a truncated file must not start a service).
    for (let i = 0; i < 1_000; i++)
      lines.push(row(String(10_000 + i).padStart(5, "0"), "Testville", "NY", "36061", "New York", String(i)));
    lines.push(row("00601", "Adjuntas", "PR", "72001", "Adjuntas", "16834"));
    // A ZIP across a state line: every county is kept, with its own state.
    lines.push(
      `"19973","38.6","-75.6","Seaford","DE","Delaware","TRUE","","26070","119.8","10005","Sussex","{}","Sussex|Dorchester","10005|24019","FALSE","FALSE","America/New_York"`,
    );
    await writeFile(csv, `${lines.join("\n")}\n`);
    const geonames = join(dir, "US.txt");
    await writeFile(
      geonames,
      [
        "US\t10000\tAlt Town\tNew York\tNY\tNew York\t061\t\t\t40.7\t-74\t4",
        "US\t20500\tWashington\tDistrict of Columbia\tDC\tDistrict of Columbia\t001\t\t\t38.9\t-77\t4",
        "US\t09001\tAPO AA\t\t\t\t\t\t\t38\t15\t",
      ].join("\n"),
    );

    const { index, primaryRecords, supplementRecords } = await loadUsZips({
      simplemapsCsv: csv,
      geonamesTxt: geonames,
    });
    expect(primaryRecords).toBe(1_002);
    expect(supplementRecords).toBe(2);
    expect(index.size).toBe(1_003);
    const seaford = index.slotOf("19973");
    expect(index.counties(seaford).map((c) => [c.county.id, c.state, c.fips])).toEqual([
      ["US-DE-COUNTY-SUSSEX", "DE", 10005],
      ["US-MD-COUNTY-DORCHESTER", "MD", 24019],
    ]);
    expect(index.density(seaford)).toBeCloseTo(119.8, 3);
    expect(index.mostPopulousSlot("NY")).toBe(index.slotOf("10999"));
    expect(index.jurisdictions(index.slotOf("00601")).map((j) => j.id)).toEqual([
      "PR",
      "PR-COUNTY-ADJUNTAS",
      "PR-CITY-ADJUNTAS",
    ]);
    expect(index.cityName(index.slotOf("10000"), "alternate")).toBe("Alt Town");
    expect(index.matchCity(index.slotOf("10000"), "ALT_TOWN")).toBe("alternate");
    expect(index.countyFips(index.slotOf("20500"))).toBe(11001);
    expect(index.slotOf("09001")).toBe(-1);
  });

  it('leaves the supplement out with "none" and refuses a truncated file', async () => {
    const without = await loadUsZips({ simplemapsCsv: join(dir, "uszips.csv"), geonamesTxt: "none" });
    expect(without.supplementRecords).toBe(0);
    expect(without.index.slotOf("20500")).toBe(-1);
    const csv = join(dir, "short.csv");
    await writeFile(csv, `${header}\n${row("00601", "Adjuntas", "PR", "72001", "Adjuntas", "1")}\n`);
    await expect(loadUsZips({ simplemapsCsv: csv, geonamesTxt: "none" })).rejects.toThrow(/only 1 records/);
  });

  it("loads the packaged data: ZCTAs from SimpleMaps, the rest from GeoNames", async () => {
    const { index, primaryRecords, supplementRecords } = await loadUsZips();
    expect(primaryRecords).toBeGreaterThan(33_000);
    expect(supplementRecords).toBeGreaterThan(40_000);
    expect(index.size).toBeGreaterThan(40_000);
    expect(index.cityName(index.slotOf("00602"))).toBe("Aguada");
    expect(index.population(index.slotOf("00601"))).toBeGreaterThan(10_000);
  });

  it("parses quoted CSV fields with commas and doubled quotes", () => {
    expect(parseCsvLine('"a,b","say ""hi""",,plain')).toEqual(["a,b", 'say "hi"', "", "plain"]);
  });
});

describe("IP record layouts", () => {
  it("reads ip-location-db's flat records", () => {
    expect(adaptRecord({ country_code: "us", state1: "Illinois", city: "Chicago", postcode: "60602" })).toEqual({
      country: "US",
      subdivisionCode: "",
      subdivisionName: "Illinois",
      city: "Chicago",
      postalCode: "60602",
    });
  });

  it("reads MaxMind's City records", () => {
    const record = {
      country: { iso_code: "CA" },
      subdivisions: [{ iso_code: "QC", names: { en: "Quebec" } }],
      city: { names: { en: "Montreal" } },
      postal: { code: "H1S" },
    };
    expect(adaptRecord(record)).toEqual({
      country: "CA",
      subdivisionCode: "QC",
      subdivisionName: "Quebec",
      city: "Montreal",
      postalCode: "H1S",
    });
    expect(adaptRecord({ continent: { code: "EU" } })).toMatchObject({ country: "" });
  });
});
