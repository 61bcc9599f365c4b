// Researched Texas local sales taxes of round 8 through the gateway in embedded mode: the
// combined rate and the jurisdictions charged for addresses whose ZIP lies in a known county
// and city (SimpleMaps ZIP data). The rates come from the publications cited in
// services/calc-engine/data/us-local-tx.json (a city's own tax page or budget, or its
// development corporation's tax page; for North Richland Hills the 2% combined limit of Tax
// Code § 321.101(f) applied to what the city's record shows).
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

describe("US local sales taxes, round 8, Texas (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r8 tx", "2026-11-25");

  it.each([
    ["79714", "Andrews"],
    ["75103", "Canton"],
    ["75652", "Henderson"],
    ["75160", "Terrell"],
  ])("%s %s: the city's 2% in a county without a county tax (8.25%); the answer stays PARTIAL", async (zip, city) => {
    const c = await charged("TX", zip, city);
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual([city, "Texas"]);
    expect(c.coverage).toBe("PARTIAL");
  });

  it("Andrews 79714: charged from 2013-01-01, the year after the truck route tax the city's page reports; state only the day before", async () => {
    expect((await charged("TX", "79714", "Andrews", "2013-01-01")).rate).toBe(0.0825);
    const before = await charged("TX", "79714", "Andrews", "2012-12-31");
    expect(before.rate).toBe(0.0625);
    expect(before.coverage).toBe("STATE_ONLY");
  });

  it.each([
    ["75771", "Lindale", "Smith County"],
    ["77833", "Brenham", "Washington County"],
  ])("%s %s: the city's 1.5% and %s's 0.5% (8.25%)", async (zip, city, county) => {
    const c = await charged("TX", zip, city);
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual([county, city, "Texas"].sort());
  });

  it.each([
    ["75701", "Tyler", "Smith County"],
    ["77880", "Washington", "Washington County"],
  ])("%s %s: the county's 0.5% alone where no city tax is held (6.75%, PARTIAL)", async (zip, city, county) => {
    const c = await charged("TX", zip, city);
    expect(c.rate).toBe(0.0675);
    expect(c.names).toEqual([county, "Texas"].sort());
    expect(c.coverage).toBe("PARTIAL");
  });

  it("Sachse 75048: the city's 1.75% (8.00% in the FY2018 edition) and its municipal development district's 0.25% from 2020-10-01 (8.25%)", async () => {
    expect((await charged("TX", "75048", "Sachse", "2019-06-01")).rate).toBe(0.08);
    const now = await charged("TX", "75048", "Sachse");
    expect(now.rate).toBe(0.0825);
    expect(now.names).toEqual(["Dallas County", "Sachse", "Sachse Municipal Development District", "Texas"]);
  });

  it.each([
    ["76117", "Haltom City", "Haltom City Crime Control and Prevention District"],
    ["76034", "Colleyville", "Colleyville Crime Control and Prevention District"],
    ["76180", "North Richland Hills", "North Richland Hills Crime Control and Prevention District"],
    ["76118", "Richland Hills", "Richland Hills Crime Control and Prevention District"],
  ])("%s %s: the city's taxes with its crime control district's, 2% in all (8.25%)", async (zip, city, district) => {
    const c = await charged("TX", zip, city);
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual([city, district, "Tarrant County", "Texas"].sort());
  });

  it("North Richland Hills 76180: the crime control district's 0.5% (from 1996-07-01) alone before the city's period, which starts with the FY 2020/21 budget", async () => {
    const c = await charged("TX", "76180", "North Richland Hills", "2000-01-01");
    expect(c.rate).toBe(0.0675);
    expect(c.names).toEqual(["North Richland Hills Crime Control and Prevention District", "Texas"]);
  });

  it("Richland Hills 76118: 1.5% in its 2017-18 split (1.125% city, 0.375% district), 2% from 2022-10-01", async () => {
    expect((await charged("TX", "76118", "Richland Hills", "2020-01-01")).rate).toBe(0.0775);
    expect((await charged("TX", "76118", "Richland Hills", "2022-10-01")).rate).toBe(0.0825);
  });
});
