// How an imported table's row is spread over Levy's jurisdictions, on a small hand-written
// data set: the combined rate kept exactly, the surplus of a state part the table counts
// as local, a level the table says is untaxed, a later built-in change, a jurisdiction
// found by the row's region name.
import { describe, expect, it } from "vitest";
import { validateRateData } from "../rates/load-rate-data.js";
import { RateBook } from "../rates/rate-book.js";
import { rateDataFileSchema } from "../rates/rate-data-schema.js";
import { type ImportedZipRow, planFromImportedRow } from "./imported-rate-plan.js";

const source = "https://example.gov/statute-section-1";
const jurisdiction = (id: string, type: string, periods: Array<[string, string | null, number]>) => ({
  id,
  name: id,
  type,
  tax_type: "SALES",
  authority_name: `${id} authority`,
  rates: periods.map(([from, to, standard]) => ({
    effective_from: from,
    effective_to: to,
    rates: { standard },
    source,
  })),
});
const data = rateDataFileSchema.parse({
  description: "test data",
  jurisdictions: [
    jurisdiction("US-CA", "STATE", [["2017-01-01", null, 0.0725]]),
    jurisdiction("US-CA-DIST-LA_TRANSIT", "DISTRICT", [["2017-01-01", null, 0.0225]]),
    jurisdiction("US-CA-CITY-NEWTOWN", "CITY", [
      ["2017-01-01", "2026-07-01", 0.01],
      ["2026-07-01", null, 0.015],
    ]),
    jurisdiction("US-CA-CITY-RIVERTON", "CITY", [["2017-01-01", null, 0.005]]),
  ],
});
const book = new RateBook(validateRateData([{ name: "test.json", data }]));
const byId = (id: string) => data.jurisdictions.find((j) => j.id === id)!;
const row = (parts: Partial<ImportedZipRow>): ImportedZipRow => ({
  regionName: "LOS ANGELES",
  effectiveFrom: "2026-03-01",
  staleFrom: "2026-05-16",
  combined: 0,
  state: 0,
  county: 0,
  city: 0,
  special: 0,
  ...parts,
});
const place = { stateCode: "US-CA", geoPlaces: [] };
const rates = (list: ReturnType<typeof planFromImportedRow>) => list.map((j) => [j.id, j.rates.standard]);

describe("an imported row over Levy's jurisdictions", () => {
  it("keeps Levy's state rate and takes the part of it the table counts as local off the county, then the city", () => {
    // 6 % state + 0.25 % county + 1 % city + 2.25 % districts = 9.5 %; Levy's state is 7.25 %.
    const plan = planFromImportedRow({
      book,
      state: byId("US-CA"),
      locals: [byId("US-CA-DIST-LA_TRANSIT")],
      place,
      row: row({ combined: 950_000, state: 600_000, county: 25_000, city: 100_000, special: 225_000 }),
      day: "2026-03-10",
    });
    expect(rates(plan)).toEqual([
      ["US-CA", 0.0725],
      ["US-CA-DIST-LA_TRANSIT", 0.0225],
    ]);
  });

  it("gives a level the table says is untaxed no entry, and sets a differing level's rate on Levy's jurisdiction", () => {
    const plan = planFromImportedRow({
      book,
      state: byId("US-CA"),
      locals: [byId("US-CA-DIST-LA_TRANSIT"), byId("US-CA-CITY-RIVERTON")],
      place,
      row: row({ combined: 935_000, state: 725_000, city: 0, special: 210_000 }),
      day: "2026-03-10",
    });
    expect(rates(plan)).toEqual([
      ["US-CA", 0.0725],
      ["US-CA-DIST-LA_TRANSIT", 0.021],
    ]);
    expect(plan[1]!.authorityName).toBe("US-CA-DIST-LA_TRANSIT authority");
  });

  it("lets a built-in change dated after the table's month win from its date", () => {
    const table = row({ regionName: "NEWTOWN", combined: 837_500, state: 725_000, city: 112_500 });
    const city = [byId("US-CA-CITY-NEWTOWN")];
    expect(
      rates(planFromImportedRow({ book, state: byId("US-CA"), locals: city, place, row: table, day: "2026-06-30" })),
    ).toEqual([
      ["US-CA", 0.0725],
      ["US-CA-CITY-NEWTOWN", 0.01125],
    ]);
    expect(
      rates(planFromImportedRow({ book, state: byId("US-CA"), locals: city, place, row: table, day: "2026-07-01" })),
    ).toEqual([
      ["US-CA", 0.0725],
      ["US-CA-CITY-NEWTOWN", 0.015],
    ]);
  });

  it("finds Levy's jurisdiction by the row's region name when geo-resolver gave none, else names a new one after it", () => {
    const riverton = planFromImportedRow({
      book,
      state: byId("US-CA"),
      locals: [],
      place,
      row: row({ regionName: "RIVERTON", combined: 735_000, state: 725_000, city: 10_000 }),
      day: "2026-03-10",
    });
    expect(riverton[1]).toMatchObject({ id: "US-CA-CITY-RIVERTON", authorityName: "US-CA-CITY-RIVERTON authority" });
    expect(riverton[1]!.rates.standard).toBe(0.001);
    const unknown = planFromImportedRow({
      book,
      state: byId("US-CA"),
      locals: [],
      place,
      row: row({ regionName: "SAINT HELENA", combined: 775_000, state: 725_000, special: 50_000 }),
      day: "2026-03-10",
    });
    expect(unknown[1]).toMatchObject({
      id: "US-CA-DIST-ST_HELENA",
      name: "Saint Helena special district tax",
      authorityName: "US-CA authority",
    });
  });
});
