// Researched Texas local sales taxes of round 7 through the gateway in embedded mode: the
// combined rate and the jurisdictions charged for addresses whose ZIP lies in a known county
// and city (SimpleMaps ZIP data). The rates come from the publications cited in
// services/calc-engine/data/us-local-tx.json (a city's own finance page, ordinance record or
// development corporation, and for Katy and Killeen the 2% combined limit of Tax Code
// § 321.101(f) applied to what the city's record shows).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import { chargedAt } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 7, Texas (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "US local r7 tx")).testSecret;
  });
  afterAll(() => system?.stop());

  /** $1,000.00 of general merchandise delivered to the ZIP on the day. */
  const charged = (zip: string, city: string, day = TODAY) => chargedAt(api, key, { state: "TX", zip, city, day });

  it("Katy 77494 (Fort Bend County): the city's 1% with METRO's 1% (8.25%); the answer stays PARTIAL", async () => {
    const c = await charged("77494", "Katy");
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual(["Houston MTA", "Katy", "Texas"]);
    expect(c.coverage).toBe("PARTIAL");
  });

  it.each([
    ["75001", "Addison"],
    ["75205", "Highland Park"],
  ])("%s %s: the town's 1% with DART's 1% (8.25%; Dallas County levies none)", async (zip, city) => {
    const c = await charged(zip, city);
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual([city, "Dallas County", "Dallas MTA (DART)", "Texas"].sort());
  });

  it("Killeen 76549: the city's 1.5% and Bell County's 0.5% (8.25%)", async () => {
    const c = await charged("76549", "Killeen");
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual(["Bell County", "Killeen", "Texas"]);
  });

  it("Kilgore 75662: the city's 1% and its economic development half-cent (since 1990) with Gregg County's 0.5% (8.25%)", async () => {
    const c = await charged("75662", "Kilgore");
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual(["Gregg County", "Kilgore", "Texas"]);
  });

  it("La Porte 77571: 1.5% until the street tax of 2006-10-01 (1.75%), and its fire control district's 0.25% from 2011-10-01", async () => {
    expect((await charged("77571", "La Porte", "2006-09-30")).rate).toBe(0.0775);
    expect((await charged("77571", "La Porte", "2006-10-01")).rate).toBe(0.08);
    const now = await charged("77571", "La Porte");
    expect(now.rate).toBe(0.0825);
    expect(now.names).toEqual(
      [
        "Harris County",
        "La Porte",
        "La Porte Fire Control, Prevention and Emergency Medical Services District",
        "Texas",
      ].sort(),
    );
  });

  it("Red Oak 75154: the city's 2% from its page's 2016 edition, the earliest found (8.25%); not charged the day before", async () => {
    const first = await charged("75154", "Red Oak", "2016-01-01");
    expect(first.rate).toBe(0.0825);
    expect(first.names).toEqual(["Red Oak", "Texas"]);
    const before = await charged("75154", "Red Oak", "2015-12-31");
    expect(before.rate).toBe(0.0625);
    expect(before.coverage).toBe("STATE_ONLY");
  });

  it.each([
    ["75110", "Corsicana", "Navarro County"],
    ["76240", "Gainesville", "Cooke County"],
    ["75482", "Sulphur Springs", "Hopkins County"],
    ["75766", "Jacksonville", "Cherokee County"],
    ["75455", "Mount Pleasant", "Titus County"],
  ])("%s %s: the city's 1.5% and %s's 0.5% (8.25%)", async (zip, city, county) => {
    const c = await charged(zip, city);
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual([county, city, "Texas"].sort());
    expect(c.coverage).toBe("PARTIAL");
  });

  it.each([
    ["76065", "Midlothian"],
    ["75154", "Red Oak"],
    ["78634", "Hutto"],
    ["75020", "Denison"],
  ])("%s %s: the city's 2% in a county without a county tax (8.25%)", async (zip, city) => {
    const c = await charged(zip, city);
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual([city, "Texas"].sort());
  });
});
