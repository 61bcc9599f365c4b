// Researched local sales taxes of the "mw" state group (OH, WI, MN, KS, IA, NE) through the
// gateway in embedded mode: the combined rate and the jurisdictions charged for addresses
// whose ZIP lies in a known county (SimpleMaps ZIP data). The rates come from the state
// revenue departments' publications cited in services/calc-engine/data/us-local-<st>.json.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import { calculateAt } from "../support/us-calculation.js";

const TODAY = "2026-11-20";

interface Charged {
  readonly rate: number;
  readonly tax: number;
  readonly names: string[];
}

describe("US local sales taxes, OH WI MN KS IA NE (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "US local mw")).testSecret;
  });
  afterAll(() => system?.stop());

  /** $1,000.00 of general merchandise delivered to the ZIP on the day. */
  async function charged(state: string, zip: string, city: string, day = TODAY): Promise<Charged> {
    const body = await calculateAt(api, key, { state, zip, city, day }, 100000);
    const entries: Array<{ tax_rate: number; jurisdiction_name: string }> = body.line_items[0].tax_jurisdictions;
    const rate = Math.round(entries.reduce((sum, e) => sum + e.tax_rate, 0) * 1e6) / 1e6;
    return { rate, tax: body.total_tax_amount, names: entries.map((e) => e.jurisdiction_name).sort() };
  }

  describe("Ohio (county permissive and transit authority taxes, ODT)", () => {
    it("Cleveland 44113, Cuyahoga County: 8% with the GCRTA tax", async () => {
      const c = await charged("OH", "44113", "Cleveland");
      expect(c.rate).toBe(0.08);
      expect(c.tax).toBe(8000);
      expect(c.names).toEqual(
        expect.arrayContaining(["Cuyahoga County", "Greater Cleveland Regional Transit Authority"]),
      );
    });

    it("Columbus 43215, Franklin County: 7.5% until COTA's increase, 8% from 2025-04-01", async () => {
      expect((await charged("OH", "43215", "Columbus", "2025-03-31")).rate).toBe(0.075);
      const c = await charged("OH", "43215", "Columbus");
      expect(c.rate).toBe(0.08);
      expect(c.names).toEqual(expect.arrayContaining(["Franklin County", "Central Ohio Transit Authority"]));
    });

    it("Akron 44308, Summit County: 6.75%; Dayton 45402, Montgomery County: 7.5%", async () => {
      const akron = await charged("OH", "44308", "Akron");
      expect(akron.rate).toBe(0.0675);
      expect(akron.names).toContain("Summit County");
      const dayton = await charged("OH", "45402", "Dayton");
      expect(dayton.rate).toBe(0.075);
      expect(dayton.names).toContain("Montgomery County");
    });

    it("Toledo 43604, Lucas County: 7.75% with TARTA; Rossford 43460 (Wood County): 7.25% with its transit tax", async () => {
      const toledo = await charged("OH", "43604", "Toledo");
      expect(toledo.rate).toBe(0.0775);
      expect(toledo.names).toEqual(expect.arrayContaining(["Lucas County", "Toledo Area Regional Transit Authority"]));
      const rossford = await charged("OH", "43460", "Rossford");
      expect(rossford.rate).toBe(0.0725);
      expect(rossford.names).toEqual(expect.arrayContaining(["Wood County", "Rossford transit tax"]));
    });
  });

  describe("Wisconsin (county tax and Milwaukee's city tax, Wisconsin DOR)", () => {
    it("Milwaukee 53202: 5.5% in 2023, 7.9% from 2024 with the county's 0.9% and the city's 2%", async () => {
      expect((await charged("WI", "53202", "Milwaukee", "2023-12-31")).rate).toBe(0.055);
      const c = await charged("WI", "53202", "Milwaukee");
      expect(c.rate).toBe(0.079);
      expect(c.names).toEqual(expect.arrayContaining(["Milwaukee County", "Milwaukee"]));
    });

    it("Madison 53703 (Dane) and Green Bay 54301 (Brown): 5.5% with the 0.5% county tax", async () => {
      const madison = await charged("WI", "53703", "Madison");
      expect(madison.rate).toBe(0.055);
      expect(madison.names).toContain("Dane County");
      const greenBay = await charged("WI", "54301", "Green Bay");
      expect(greenBay.rate).toBe(0.055);
      expect(greenBay.names).toContain("Brown County");
    });

    it("Waukesha 53186: Waukesha County levies no county tax, 5% state only", async () => {
      const c = await charged("WI", "53186", "Waukesha");
      expect(c.rate).toBe(0.05);
      expect(c.names).toHaveLength(1);
    });
  });

  describe("Minnesota, Twin Cities metro (county transportation taxes and the 2023 metro taxes, Minnesota DOR)", () => {
    it("Minneapolis 55401: 8.025% before the metro taxes, 9.025% from 2023-10-01", async () => {
      expect((await charged("MN", "55401", "Minneapolis", "2023-09-30")).rate).toBe(0.08025);
      const c = await charged("MN", "55401", "Minneapolis");
      expect(c.rate).toBe(0.09025);
      expect(c.names).toEqual(
        expect.arrayContaining([
          "Hennepin County",
          "Metropolitan Area Transportation Sales Tax",
          "Metropolitan Area Sales Tax for Housing",
          "Minneapolis",
        ]),
      );
    });

    it("Burnsville 55337 (Dakota) and Anoka 55303 (Anoka): 8.125% with the quarter-percent county tax", async () => {
      const burnsville = await charged("MN", "55337", "Burnsville");
      expect(burnsville.rate).toBe(0.08125);
      expect(burnsville.names).toContain("Dakota County transportation sales tax");
      expect((await charged("MN", "55303", "Anoka")).rate).toBe(0.08125);
    });

    it("Shakopee 55379 (Scott), Chaska 55318 (Carver): 8.375%; Stillwater 55082 (Washington): 8.375%, 8.875% with the city's own 0.5% from 2025-04-01", async () => {
      expect((await charged("MN", "55379", "Shakopee")).rate).toBe(0.08375);
      expect((await charged("MN", "55318", "Chaska")).rate).toBe(0.08375);
      expect((await charged("MN", "55082", "Stillwater", "2025-03-31")).rate).toBe(0.08375);
      const stillwater = await charged("MN", "55082", "Stillwater");
      expect(stillwater.rate).toBe(0.08875);
      expect(stillwater.names).toContain("Washington County transportation sales tax");
    });

    it("outside the metro: Rochester 55902 8.125% (Olmsted 0.5% + city 0.75%), Duluth 55802 8.875% (St. Louis 0.5% + city 1.5%)", async () => {
      const rochester = await charged("MN", "55902", "Rochester");
      expect(rochester.rate).toBe(0.08125);
      expect(rochester.names).toEqual(
        expect.arrayContaining(["Olmsted County transit sales tax", "Rochester sales tax"]),
      );
      const duluth = await charged("MN", "55802", "Duluth");
      expect(duluth.rate).toBe(0.08875);
      expect(duluth.names).toEqual(expect.arrayContaining(["St. Louis County transit sales tax", "Duluth sales tax"]));
    });
  });

  describe("Iowa (city local option sales taxes shown in the Iowa DOR's notices)", () => {
    it("Des Moines 50309 and West Des Moines 50265 (Polk): 7% with the city's 1% LOST", async () => {
      const desMoines = await charged("IA", "50309", "Des Moines");
      expect(desMoines.rate).toBe(0.07);
      expect(desMoines.names).toContain("Des Moines local option sales tax");
      expect((await charged("IA", "50265", "West Des Moines")).rate).toBe(0.07);
    });

    it("Cedar Rapids 52402 and Marion 52302 (Linn): 7%, in 2023 and today", async () => {
      expect((await charged("IA", "52402", "Cedar Rapids", "2023-01-01")).rate).toBe(0.07);
      const cedarRapids = await charged("IA", "52402", "Cedar Rapids");
      expect(cedarRapids.rate).toBe(0.07);
      expect(cedarRapids.names).toContain("Cedar Rapids local option sales tax");
      expect((await charged("IA", "52302", "Marion")).rate).toBe(0.07);
    });
  });
});
