// Researched local sales taxes of round 7, group "mo" (Missouri) through the gateway in
// embedded mode: city taxes read on the cities' own pages, ordinances and dated local
// reports, on top of the counties of the MO DOR's January 2026 tables; a district held
// with its city; a dated change; a city under its postal spelling.
// Rates: services/calc-engine/data/us-local-mo.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

describe("US local sales taxes, round 7 group mo (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r7 mo", "2026-03-15");

  it("Independence 64050: the city's 2.625% (fire half-cent for the eighth-cent from 2022-04-01), 8.35% with Jackson County and the zoo district, 0.375 pp less before", async () => {
    const c = await charged("MO", "64050", "Independence");
    expect(c.rate).toBe(0.0835);
    expect(c.names).toEqual(expect.arrayContaining(["Independence", "Jackson County"]));
    expect(c.coverage).toBe("PARTIAL");
    const before = (await charged("MO", "64050", "Independence", "2022-03-31")).rate;
    const after = (await charged("MO", "64050", "Independence", "2022-04-01")).rate;
    expect(Math.round((after - before) * 1e7)).toBe(37_500);
  });

  it("Lee's Summit 64063 is taxed alike under the postal 'Lees Summit' and 'Lee's Summit': 8.475%, the city's page", async () => {
    const postal = await charged("MO", "64063", "Lees Summit");
    expect(postal.rate).toBe(0.08475);
    expect((await charged("MO", "64063", "Lee's Summit")).rate).toBe(0.08475);
  });

  it("Sikeston 63801: the city's 3% (with the capital improvement half-cent of 2016-04-01) and Scott County's 2.5%", async () => {
    const now = await charged("MO", "63801", "Sikeston");
    expect(now.rate).toBe(0.09725);
    expect(now.names).toEqual(expect.arrayContaining(["Sikeston", "Scott County"]));
  });

  it("St. Louis County cities add their own taxes to the county's 3.513%: Chesterfield 63017 8.738%, Hazelwood 63042 9.738%", async () => {
    const c = await charged("MO", "63017", "Chesterfield");
    expect(c.rate).toBe(0.08738);
    expect(c.names).toEqual(expect.arrayContaining(["Chesterfield", "St. Louis County"]));
    expect((await charged("MO", "63042", "Hazelwood")).rate).toBe(0.09738);
  });

  it("Raymore 64083 8.85% with the South Metropolitan Fire Protection District held with the city; Belton 64012 9.1%", async () => {
    const c = await charged("MO", "64083", "Raymore");
    expect(c.rate).toBe(0.0885);
    expect(c.names).toEqual(
      expect.arrayContaining(["Raymore", "Cass County", "South Metropolitan Fire Protection District"]),
    );
    expect((await charged("MO", "64012", "Belton")).rate).toBe(0.091);
  });

  it("Rolla 65401: 7.6% as on the city's page (Phelps County 1.125%, the city's 2.25%)", async () => {
    const c = await charged("MO", "65401", "Rolla");
    expect(c.rate).toBe(0.076);
    expect(c.coverage).toBe("PARTIAL");
  });
});
