// Researched Texas local sales taxes (services/calc-engine/data/us-local-tx.json) through the
// gateway in embedded mode: the combined rate, the jurisdictions charged and the coverage for
// addresses whose ZIP lies in a known county and city. The rates come from the Texas
// Comptroller's quarterly change pages and the cities' own pages cited in the data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import { type Charged, chargedAt } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, Texas (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "US local tx")).testSecret;
  });
  afterAll(() => system?.stop());

  /** $1,000.00 of general merchandise delivered to the ZIP on the day. */
  const charged = (zip: string, city: string, day = TODAY): Promise<Charged> =>
    chargedAt(api, key, { state: "TX", zip, city, day });

  it("League City 77573: the city's 2% from the Comptroller's October 2019 change page, 8.25% and $82.50 on $1,000", async () => {
    const c = await charged("77573", "League City");
    expect(c.rate).toBe(0.0825);
    expect(c.tax).toBe(8250);
    expect(c.names).toContain("League City");
    // Texas's list is not complete (special purpose districts are missing): never FULL.
    expect(c.coverage).toBe("PARTIAL");
  });

  it("Grand Prairie 75052: the city's 1.75% and its crime control district's 0.25%", async () => {
    const c = await charged("75052", "Grand Prairie");
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual(
      expect.arrayContaining(["Grand Prairie", "Grand Prairie Crime Control and Prevention District"]),
    );
  });

  it("transit authorities reach their member cities: Denton 76201 with DCTA, Carrollton 75006 with DART, Missouri City 77459 with METRO", async () => {
    const denton = await charged("76201", "Denton");
    expect(denton.rate).toBe(0.0825);
    expect(denton.names).toContain("Denton County Transportation Authority");
    const carrollton = await charged("75006", "Carrollton");
    expect(carrollton.rate).toBe(0.0825);
    expect(carrollton.names).toEqual(expect.arrayContaining(["Carrollton", "Dallas MTA (DART)"]));
    expect((await charged("77459", "Missouri City")).rate).toBe(0.0825);
  });

  it("county taxes: College Station 77840 (Brazos County 0.5%) and Midland 79701 (county 0.5%, hospital district 0.25%)", async () => {
    const cs = await charged("77840", "College Station");
    expect(cs.rate).toBe(0.0825);
    expect(cs.names).toContain("Brazos County");
    const midland = await charged("79701", "Midland");
    expect(midland.rate).toBe(0.0825);
    expect(midland.names).toEqual(expect.arrayContaining(["Midland County", "Midland County Hospital District"]));
  });

  it("a dated change: Blanket 76432 charged 8.25% in 2022 and 7.25% after its street tax ended on 2023-10-01", async () => {
    expect((await charged("76432", "Blanket", "2022-06-01")).rate).toBe(0.0825);
    expect((await charged("76432", "Blanket", "2024-06-01")).rate).toBe(0.0725);
  });

  it("Deer Park 77536: the city's 1.5% with its crime control and fire control districts' 0.25% each", async () => {
    const c = await charged("77536", "Deer Park");
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual(
      expect.arrayContaining(["Deer Park", "Deer Park Crime Control District", "Deer Park Fire Control District"]),
    );
  });

  it("a dated increase: Watauga 76148 charged 8.00% in mid-2021 and 8.25% from 2021-10-01 (Comptroller's change pages)", async () => {
    expect((await charged("76148", "Watauga", "2021-06-01")).rate).toBe(0.08);
    expect((await charged("76148", "Watauga", "2022-06-01")).rate).toBe(0.0825);
  });
});
