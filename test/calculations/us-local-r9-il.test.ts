// Researched local sales taxes of round 9, group "il" (Illinois) through the gateway in
// embedded mode: home rule taxes read in the municipalities' codes (Marion, Woodridge,
// Glendale Heights) and on their own tax pages, held as floors (Mundelein, Rolling Meadows).
// Rates: services/calc-engine/data/us-local-il.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const DAY = "2026-03-15";

/** Each jurisdiction's rate on the first line of a calculation answer, by name. */
function ratesByName(body: any): Record<string, number> {
  const entries: Array<{ jurisdiction_name: string; tax_rate: number }> = body.line_items[0].tax_jurisdictions;
  return Object.fromEntries(entries.map((e) => [e.jurisdiction_name, e.tax_rate]));
}

describe("US local sales taxes, round 9 group il (embedded)", () => {
  const { charged, calculate } = embeddedUsCharges("US local r9 il", DAY);

  describe("home rule taxes read in the municipality's code", () => {
    it("Marion 62959 (Williamson County 1%): the city's 2.25% (Code 3-5A-1): 9.5%, PARTIAL; $1,000.00 pays $95.00", async () => {
      const c = await charged("IL", "62959", "Marion");
      expect(c.rate).toBe(0.095);
      expect(c.tax).toBe(9500);
      expect(c.names).toEqual(["Illinois", "Marion home rule tax", "Williamson County"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Woodridge 60517 (DuPage County): the village's 0.75% (Code 3-2-1) with the RTA's 0.75%: 7.75%", async () => {
      const c = await charged("IL", "60517", "Woodridge");
      expect(c.rate).toBe(0.0775);
      expect(c.names).toContain("Woodridge home rule tax");
      expect(c.names).toContain("RTA tax");
    });

    it("Glendale Heights 60139 (DuPage County): the village's 1.25% (Code 3-2A-1) with the RTA's 0.75%: 8.25%", async () => {
      const c = await charged("IL", "60139", "Glendale Heights");
      expect(c.rate).toBe(0.0825);
      expect(c.names).toContain("Glendale Heights home rule tax");
    });

    it("the home rule taxes leave groceries to the State, the RTA and a grocery tax: Marion's groceries pay no city tax", async () => {
      const rates = ratesByName(
        await calculate({ state: "IL", zip: "62959", city: "Marion", day: DAY, category: "GROCERIES" }, 10000),
      );
      expect(rates["Marion home rule tax"] ?? 0).toBe(0);
    });
  });

  describe("rates from the municipality's own tax page, held as floors", () => {
    it("Mundelein 60060 (Lake County): the village's 1% with the RTA's 0.75%: 8%", async () => {
      const c = await charged("IL", "60060", "Mundelein");
      expect(c.rate).toBe(0.08);
      expect(c.names).toContain("Mundelein home rule tax");
    });

    it("Rolling Meadows 60008 (Cook County): the city's 1% over Cook County and the RTA: 10%", async () => {
      const c = await charged("IL", "60008", "Rolling Meadows");
      expect(c.rate).toBe(0.1);
      expect(c.names).toEqual(["Cook County home rule tax", "Illinois", "RTA tax", "Rolling Meadows home rule tax"]);
    });

    it("dates: Rolling Meadows' 1% (dated 2016-01-01 by its page) applies on 2022-12-31; Mundelein's undated 1% only from 2023-01-01", async () => {
      const rates = async (zip: string, city: string, day: string) =>
        ratesByName(await calculate({ state: "IL", zip, city, day }, 10000));
      expect(await rates("60008", "Rolling Meadows", "2022-12-31")).toMatchObject({
        "Rolling Meadows home rule tax": 0.01,
      });
      expect(await rates("60060", "Mundelein", "2022-12-31")).not.toHaveProperty("Mundelein home rule tax");
      expect(await rates("60060", "Mundelein", "2023-01-01")).toMatchObject({ "Mundelein home rule tax": 0.01 });
    });
  });
});
