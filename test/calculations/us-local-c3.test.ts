// Researched local sales taxes of research group c (IL, MO, OK, ...) through the gateway in
// embedded mode: the combined rate and the jurisdictions charged for addresses whose ZIP
// lies in a known county and city (SimpleMaps ZIP data). The rates come from the official
// publications cited in services/calc-engine/data/us-local-<st>.json.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import { calculateAt } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

interface Charged {
  readonly rate: number;
  readonly tax: number;
  readonly coverage: string;
  readonly names: string[];
}

describe("US local sales taxes, research group c (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "US local c3")).testSecret;
  });
  afterAll(() => system?.stop());

  /** $1,000.00 of general merchandise delivered to the ZIP on the day. */
  async function charged(state: string, zip: string, city: string, day = TODAY): Promise<Charged> {
    const body = await calculateAt(api, key, { state, zip, city, day }, 100000);
    const entries: Array<{ tax_rate: number; jurisdiction_name: string }> = body.line_items[0].tax_jurisdictions;
    const rate = Math.round(entries.reduce((sum, e) => sum + e.tax_rate, 0) * 1e6) / 1e6;
    return {
      rate,
      tax: body.total_tax_amount,
      coverage: body.rate_coverage,
      names: entries.map((e) => e.jurisdiction_name).sort(),
    };
  }

  describe("Illinois (municipal, county and RTA taxes administered by the Illinois Department of Revenue)", () => {
    it("Naperville 60540 (DuPage County): 7.75% with the RTA's 0.75% and the city's 0.75% home rule tax", async () => {
      const c = await charged("IL", "60540", "Naperville");
      expect(c.rate).toBe(0.0775);
      expect(c.names).toEqual(expect.arrayContaining(["RTA tax", "Naperville home rule tax"]));
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Joliet 60435 (Will County): 8.75%; Glen Ellyn 60137 (DuPage County): 8.25%", async () => {
      expect((await charged("IL", "60435", "Joliet")).rate).toBe(0.0875);
      expect((await charged("IL", "60137", "Glen Ellyn")).rate).toBe(0.0825);
    });

    it("Antioch 60002 (Lake County, no municipal tax): 7% with the RTA's 0.75%", async () => {
      const c = await charged("IL", "60002", "Antioch");
      expect(c.rate).toBe(0.07);
      expect(c.names).toContain("RTA tax");
    });

    it("the home rule tax does not apply to prescription drugs: Naperville charges 1% state and 0.75% RTA", async () => {
      const body = await calculateAt(
        api,
        key,
        { state: "IL", zip: "60540", city: "Naperville", day: TODAY, category: "PRESCRIPTION_DRUGS" },
        100000,
      );
      expect(body.total_tax_amount).toBe(1750);
    });

    it("Cook County suburbs with a 1% home rule tax: Des Plaines 60016 and Schaumburg 60193 at 10%, Evanston 60201 (1.25%) at 10.25%", async () => {
      const desPlaines = await charged("IL", "60016", "Des Plaines");
      expect(desPlaines.rate).toBe(0.1);
      expect(desPlaines.names).toEqual(
        expect.arrayContaining(["Cook County home rule tax", "RTA tax", "Des Plaines home rule tax"]),
      );
      expect((await charged("IL", "60193", "Schaumburg")).rate).toBe(0.1);
      expect((await charged("IL", "60201", "Evanston")).rate).toBe(0.1025);
    });

    it("Chicago 60601 stays at 10.25% (Cook County, Chicago, RTA)", async () => {
      expect((await charged("IL", "60601", "Chicago")).rate).toBe(0.1025);
    });
  });

  describe("Alabama (county and city taxes, many of them self-administered)", () => {
    it("Tuscaloosa 35401: 10% (city 3%, county 3% inside city limits), collected by the city and the county's Special Tax Board", async () => {
      const body = await calculateAt(api, key, { state: "AL", zip: "35401", city: "Tuscaloosa", day: TODAY }, 100000);
      expect(body.total_tax_amount).toBe(10000);
      const authorities = body.line_items[0].tax_jurisdictions.map(
        (e: { tax_authority_name: string }) => e.tax_authority_name,
      );
      expect(authorities).toEqual(
        expect.arrayContaining(["City of Tuscaloosa Revenue Division", "Tuscaloosa County Special Tax Board"]),
      );
    });

    it("Mobile 36608: the city's 5% with Mobile County's 1% (round 7): 10%; Montgomery 36117: the county's 2.5% with the city's 3.5% (round 7): 10%", async () => {
      const mobile = await charged("AL", "36608", "Mobile");
      expect(mobile.rate).toBe(0.1);
      expect(mobile.coverage).toBe("PARTIAL");
      expect((await charged("AL", "36117", "Montgomery")).rate).toBe(0.1);
    });

    it("Huntsville 35801 stays at 9% (city 4.5%, Madison County 0.5%); Dothan 36301: 9% (city 4%, Houston County 1%)", async () => {
      expect((await charged("AL", "35801", "Huntsville")).rate).toBe(0.09);
      expect((await charged("AL", "36301", "Dothan")).rate).toBe(0.09);
    });
  });

  describe("Kansas (county and city taxes administered by the Kansas Department of Revenue)", () => {
    it("Overland Park 66212 (Johnson County): 9.1% until the OP Moves street tax, 9.35% from 2024-04-01", async () => {
      expect((await charged("KS", "66212", "Overland Park", "2024-03-31")).rate).toBe(0.091);
      const c = await charged("KS", "66212", "Overland Park");
      expect(c.rate).toBe(0.0935);
      expect(c.names).toEqual(expect.arrayContaining(["Johnson County sales taxes", "Overland Park"]));
    });

    it("Olathe 66061 gets Johnson County's 1.475% and its own 1.5% (round 7): 9.475%; Wichita 67202 stays at 7.5%", async () => {
      expect((await charged("KS", "66061", "Olathe")).rate).toBe(0.09475);
      expect((await charged("KS", "67202", "Wichita")).rate).toBe(0.075);
    });
  });

  describe("Louisiana (parish collectors' rate tables)", () => {
    it("Metairie 70001 (Jefferson Parish): 5% state + 4.75% parish-wide = 9.75%; food at the parish's 3.5%", async () => {
      const c = await charged("LA", "70001", "Metairie");
      expect(c.rate).toBe(0.0975);
      expect(c.names).toContain("Jefferson Parish local sales tax");
      const groceries = await calculateAt(
        api,
        key,
        { state: "LA", zip: "70001", city: "Metairie", day: TODAY, category: "GROCERIES" },
        100000,
      );
      expect(groceries.total_tax_amount).toBe(3500);
    });

    it("Shreveport 71105 (Caddo Parish): 9.6%; Houma 70360 (Terrebonne Parish, 5.5% consolidated): 10.5%", async () => {
      expect((await charged("LA", "71105", "Shreveport")).rate).toBe(0.096);
      expect((await charged("LA", "70360", "Houma")).rate).toBe(0.105);
    });

    it("St. Tammany: Slidell 70458 8.7% in 2024 (state 4.45%) and 9.63% from 2025 (state 5%, city 2.38%); Mandeville 70448 9.75%; the city tax replaces District 3's", async () => {
      expect((await charged("LA", "70458", "Slidell", "2024-06-01")).rate).toBe(0.087);
      const slidell = await charged("LA", "70458", "Slidell");
      expect(slidell.rate).toBe(0.0963);
      expect(slidell.names).not.toContain("St. Tammany Parish District 3 sales tax");
      expect((await charged("LA", "70448", "Mandeville")).rate).toBe(0.0975);
    });
  });

  describe("Louisiana, Bossier and Ouachita parishes", () => {
    it("Bossier City 71111: 10% (the city's entry replaces the Police Jury's balance-of-parish 2.25%); Monroe 71201: 10.99%, food 9.99%", async () => {
      const bossier = await charged("LA", "71111", "Bossier City");
      expect(bossier.rate).toBe(0.1);
      expect(bossier.names).not.toContain("Bossier Parish Police Jury sales tax");
      expect((await charged("LA", "71201", "Monroe")).rate).toBe(0.1099);
      const food = await calculateAt(
        api,
        key,
        { state: "LA", zip: "71201", city: "Monroe", day: TODAY, category: "GROCERIES" },
        100000,
      );
      expect(food.total_tax_amount).toBe(4990);
    });
  });

  describe("Oklahoma (city and county taxes collected by the Oklahoma Tax Commission)", () => {
    it("Norman 73069, Cleveland County: 8.75% (Norman 4.125%, county 0.125%)", async () => {
      const c = await charged("OK", "73069", "Norman");
      expect(c.rate).toBe(0.0875);
      expect(c.tax).toBe(8750);
      expect(c.names).toEqual(expect.arrayContaining(["Cleveland County", "Norman"]));
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Oklahoma City's Cleveland County part, 73160: 8.75% with the county's tax", async () => {
      const c = await charged("OK", "73160", "Oklahoma City");
      expect(c.rate).toBe(0.0875);
      expect(c.names).toEqual(expect.arrayContaining(["Cleveland County", "Oklahoma City"]));
    });

    it("Edmond 73034 (Oklahoma County, no county tax): 8.25%; Broken Arrow 74012 (Tulsa County): 8.417%", async () => {
      const edmond = await charged("OK", "73034", "Edmond");
      expect(edmond.rate).toBe(0.0825);
      expect(edmond.names).toContain("Edmond");
      const brokenArrow = await charged("OK", "74012", "Broken Arrow");
      expect(brokenArrow.rate).toBe(0.08417);
      expect(brokenArrow.names).toEqual(expect.arrayContaining(["Tulsa County", "Broken Arrow"]));
    });

    it("Stillwater 74074 (Payne County): 9.313%; Enid 73701 (Garfield County): 9.1%", async () => {
      const stillwater = await charged("OK", "74074", "Stillwater");
      expect(stillwater.rate).toBe(0.09313);
      expect(stillwater.names).toEqual(expect.arrayContaining(["Payne County", "Stillwater"]));
      const enid = await charged("OK", "73701", "Enid");
      expect(enid.rate).toBe(0.091);
      expect(enid.names).toEqual(expect.arrayContaining(["Garfield County", "Enid"]));
    });
  });
});
