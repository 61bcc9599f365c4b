// The importer against malformed input and against every row of the published fixture
// (read from ../shared, never copied into the project).
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZipRateImportError, ZipRateIndex, loadZipRateTables, parseAvalaraZip5 } from "./zip-rate-tables.js";

const header =
  "State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel";
const fixtureDir = path.resolve(process.cwd(), "../shared/fixtures/us-avalara-zip5");

describe("Avalara ZIP5 importer", () => {
  it("parses rates exactly and keeps leading zeros", () => {
    const table = parseAvalaraZip5(
      `${header}\nMA,02110,BOSTON,0.062500,0.062500,0.000000,0.000000,0.000000,0\n`,
      "TAXRATES_ZIP5_MA202603.csv",
    );
    const index = new ZipRateIndex();
    index.add(table);
    expect(index.lookup("MA", "02110", "2026-03-01")).toMatchObject({
      zip: "02110",
      regionName: "BOSTON",
      combinedRate: 625000,
      stateRate: 625000,
      effectiveFrom: "2026-03-01",
    });
    expect(index.lookup("MA", "02110", "2026-02-28")).toBeUndefined();
  });

  it("picks the newest table in force", () => {
    const index = new ZipRateIndex();
    index.add(
      parseAvalaraZip5(
        `${header}\nCO,80202,DENVER,0.088100,0.029000,0.000000,0.048100,0.011000,0\n`,
        "TAXRATES_ZIP5_CO202512.csv",
      ),
    );
    index.add(
      parseAvalaraZip5(
        `${header}\nCO,80202,DENVER,0.091500,0.029000,0.000000,0.051500,0.011000,0\n`,
        "TAXRATES_ZIP5_CO202603.csv",
      ),
    );
    expect(index.lookup("CO", "80202", "2026-01-10")?.combinedRate).toBe(881000);
    expect(index.lookup("CO", "80202", "2026-03-10")?.combinedRate).toBe(915000);
  });

  it("gives each table a window up to the next table of its state, and a staleness horizon", () => {
    const index = new ZipRateIndex(45);
    const row = "CO,80202,DENVER,0.091500,0.029000,0.000000,0.051500,0.011000,0";
    index.add(parseAvalaraZip5(`${header}\n${row}\n`, "TAXRATES_ZIP5_CO202601.csv"));
    index.add(parseAvalaraZip5(`${header}\n${row}\n`, "TAXRATES_ZIP5_CO202603.csv"));
    index.add(parseAvalaraZip5(`${header}\n${row.replace("CO,", "WY,")}\n`, "TAXRATES_ZIP5_WY202612.csv"));
    expect(index.windows()).toEqual([
      { state: "CO", effectiveFrom: "2026-01-01", effectiveTo: "2026-03-01", staleFrom: "2026-03-18", rows: 1 },
      { state: "CO", effectiveFrom: "2026-03-01", effectiveTo: null, staleFrom: "2026-05-16", rows: 1 },
      { state: "WY", effectiveFrom: "2026-12-01", effectiveTo: null, staleFrom: "2027-02-15", rows: 1 },
    ]);
    expect(index.lookup("CO", "80202", "2026-02-10")).toMatchObject({ effectiveTo: "2026-03-01" });
    expect(index.staleOn("2026-05-15")).toEqual([]);
    expect(index.staleOn("2026-05-16").map((w) => w.state)).toEqual(["CO"]);
  });

  it("names every problem with file and line", () => {
    const bad = (body: string, name = "TAXRATES_ZIP5_MI202603.csv") => {
      try {
        parseAvalaraZip5(body, name);
      } catch (error) {
        expect(error).toBeInstanceOf(ZipRateImportError);
        return (error as ZipRateImportError).problems.join("\n");
      }
      throw new Error("no error");
    };
    expect(bad("State,Zip\n")).toMatch(/:1: header/);
    expect(bad(`${header}\nMI,48001,X,0.06,0.06,0,0\n`)).toMatch(/:2: expected 9 fields/);
    expect(bad(`${header}\nMI,4800,X,0.06,0.06,0,0,0,0\n`)).toMatch(/not 5 digits/);
    expect(bad(`${header}\nOH,48001,X,0.06,0.06,0,0,0,0\n`)).toMatch(/state OH in a MI file/);
    expect(bad(`${header}\nMI,48001,X,0.07,0.06,0,0,0,0\n`)).toMatch(/not the sum/);
    expect(bad(`${header}\nMI,48001,X,1.2,0.06,0,0,0,0\n`)).toMatch(/decimal fraction/);
    expect(bad(header, "rates.csv")).toMatch(/file name/);
  });

  it("reproduces every row of the published March 2026 tables", async () => {
    const started = performance.now();
    const heapBefore = process.memoryUsage().heapUsed;
    const index = await loadZipRateTables(fixtureDir);
    console.log(
      `fixture import: ${index.rowCount} rows in ${(performance.now() - started).toFixed(0)} ms, heap +${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(1)} MB`,
    );
    expect(index.rowCount).toBe(41000);
    // independent parse: six-decimal text → 1e-7 units by string surgery
    const units = (text: string) => Number(text.replace("0.", "")) * 10;
    let checked = 0;
    for (const file of readdirSync(fixtureDir).filter((name) => name.endsWith(".csv"))) {
      for (const line of readFileSync(path.join(fixtureDir, file), "utf8").trim().split("\n").slice(1)) {
        const [state, zip, region, combined, stateRate, county, city, special] = line.split(",") as string[];
        const found = index.lookup(state!, zip!, "2026-03-15");
        expect(found, `${state} ${zip}`).toEqual({
          state,
          zip,
          regionName: region,
          effectiveFrom: "2026-03-01",
          effectiveTo: null,
          staleFrom: "2026-05-16",
          combinedRate: units(combined!),
          stateRate: units(stateRate!),
          countyRate: units(county!),
          cityRate: units(city!),
          specialRate: units(special!),
        });
        checked += 1;
      }
    }
    expect(checked).toBe(41000);
  });
});
