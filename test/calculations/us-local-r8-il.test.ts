// Researched local sales taxes of round 8, group "il" (Illinois) through the gateway in
// embedded mode: home rule and non-home rule taxes read in the municipalities' own codes,
// ordinances, budget books and tax pages, dated where the document or IDOR's list of rate
// changes received gives the date. Rates: services/calc-engine/data/us-local-il.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const DAY = "2026-03-15";

/** Each jurisdiction's rate on the first line of a calculation answer, by name. */
function ratesByName(body: any): Record<string, number> {
  const entries: Array<{ jurisdiction_name: string; tax_rate: number }> = body.line_items[0].tax_jurisdictions;
  return Object.fromEntries(entries.map((e) => [e.jurisdiction_name, e.tax_rate]));
}

describe("US local sales taxes, round 8 group il (embedded)", () => {
  const { charged, calculate } = embeddedUsCharges("US local r8 il", DAY);

  describe("home rule rates raised on a dated ordinance", () => {
    it("Orland Park 60462 (Cook County): the village's 1.25% with Cook County's 1.75% and the RTA's 1%: 10.25%, PARTIAL", async () => {
      const c = await charged("IL", "60462", "Orland Park");
      expect(c.rate).toBe(0.1025);
      expect(c.names).toEqual(["Cook County home rule tax", "Illinois", "Orland Park home rule tax", "RTA tax"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Orland Park: 0.75% (9.75%) until 2023-12-31, 1.25% (10.25%) from 2024-01-01", async () => {
      expect((await charged("IL", "60462", "Orland Park", "2023-12-31")).rate).toBe(0.0975);
      expect((await charged("IL", "60462", "Orland Park", "2024-01-01")).rate).toBe(0.1025);
    });

    it("St. Charles 60174 (Kane County): 1% (8%) until 2023-06-30, 1.5% (8.5%) from 2023-07-01 under Ord. 2023-M-7", async () => {
      expect((await charged("IL", "60174", "St. Charles", "2023-06-30")).rate).toBe(0.08);
      const after = await charged("IL", "60174", "St. Charles", "2023-07-01");
      expect(after.rate).toBe(0.085);
      expect(after.names).toContain("St. Charles home rule tax");
    });

    it("Hanover Park 60133 (DuPage County): the village's 0.75% until 2021-06-30, 1% from 2021-07-01; 8% in 2026", async () => {
      const village = async (day: string) =>
        ratesByName(await calculate({ state: "IL", zip: "60133", city: "Hanover Park", day }, 10000))[
          "Hanover Park home rule tax"
        ];
      expect(await village("2021-06-30")).toBe(0.0075);
      expect(await village("2021-07-01")).toBe(0.01);
      expect((await charged("IL", "60133", "Hanover Park")).rate).toBe(0.08);
    });

    it("Frankfort 60423 (Will County): no village tax until 2019-06-30, its 1% non-home rule tax from 2019-07-01; 8% in 2026", async () => {
      const rates = async (day: string) =>
        ratesByName(await calculate({ state: "IL", zip: "60423", city: "Frankfort", day }, 10000));
      expect(await rates("2019-06-30")).not.toHaveProperty("Frankfort non-home rule tax");
      expect(await rates("2019-07-01")).toMatchObject({ "Frankfort non-home rule tax": 0.01 });
      const c = await charged("IL", "60423", "Frankfort");
      expect(c.rate).toBe(0.08);
      expect(c.names).toContain("Frankfort non-home rule tax");
    });
    it("Lincolnwood 60712 (Cook County): the village's 1.25% from 2019-07-01 (Ord. 2019-3386): 10.25%", async () => {
      const c = await charged("IL", "60712", "Lincolnwood");
      expect(c.rate).toBe(0.1025);
      expect(c.names).toContain("Lincolnwood home rule tax");
    });
  });

  describe("rates read as totals on the municipality's own page", () => {
    it("Yorkville 60560 (Kendall County 1%): the city's 1% non-home rule tax, 8.25% as the City's page gives it", async () => {
      const c = await charged("IL", "60560", "Yorkville");
      expect(c.rate).toBe(0.0825);
      expect(c.names).toContain("Yorkville non-home rule tax");
    });

    it("Freeport 61032 (Stephenson County 0.5%): the city's 1.25% until 2024-06-30, 2.25% from 2024-07-01; 9% in 2026", async () => {
      const city = async (day: string) =>
        ratesByName(await calculate({ state: "IL", zip: "61032", city: "Freeport", day }, 10000))[
          "Freeport home rule tax"
        ];
      expect(await city("2024-06-30")).toBe(0.0125);
      expect(await city("2024-07-01")).toBe(0.0225);
      const c = await charged("IL", "61032", "Freeport");
      expect(c.rate).toBe(0.09);
      expect(c.names).toEqual(["Freeport home rule tax", "Illinois", "Stephenson County"]);
    });

    it("Mount Vernon 62864 (Jefferson County 0.5%): the city's 2.75% home rule tax, 9.5%", async () => {
      expect((await charged("IL", "62864", "Mount Vernon")).rate).toBe(0.095);
    });

    it("Libertyville 60048 (Lake County): the 1% non-home rule tax and the special 0.5% from 2023-01-01 with the RTA's 0.75%: 8.5%", async () => {
      const c = await charged("IL", "60048", "Libertyville");
      expect(c.rate).toBe(0.085);
      expect(c.names).toContain("Libertyville non-home rule tax");
    });

    it("Vernon Hills 60061 (Lake County): 7.25%, the village's 0.25% over the State and the RTA", async () => {
      expect((await charged("IL", "60061", "Vernon Hills")).rate).toBe(0.0725);
    });
  });

  describe("home rule taxes read in the village's code of ordinances", () => {
    it("Homer Glen 60491 (Will County): the village's 1% (Ord. 09-002) with the RTA's 0.75%: 8%", async () => {
      const c = await charged("IL", "60491", "Homer Glen");
      expect(c.rate).toBe(0.08);
      expect(c.names).toContain("Homer Glen home rule tax");
    });

    it("Elwood 60421 (Will County): the village's 1% (Code § 33.07): 8%", async () => {
      const c = await charged("IL", "60421", "Elwood");
      expect(c.rate).toBe(0.08);
      expect(c.names).toContain("Elwood home rule tax");
    });
  });

  describe("home rule rates of IDOR's list ST-62 current on 2017-01-01 (first page), for places with nothing newer", () => {
    it("Bolingbrook 60440 (Will County): the village's 1.5% with the RTA's 0.75%: 8.5%", async () => {
      const c = await charged("IL", "60440", "Bolingbrook");
      expect(c.rate).toBe(0.085);
      expect(c.names).toContain("Bolingbrook home rule tax");
    });

    it("Carbondale 62901 (Jackson County): the city's 2.5%: 9.75% with the county's taxes", async () => {
      const c = await charged("IL", "62901", "Carbondale");
      expect(c.rate).toBe(0.0975);
      expect(c.names).toContain("Carbondale home rule tax");
    });

    it("Berwyn 60402 (Cook County): the city's 1% of 2017 over Cook County and the RTA: 10%", async () => {
      const c = await charged("IL", "60402", "Berwyn");
      expect(c.rate).toBe(0.1);
      expect(c.names).toContain("Berwyn home rule tax");
    });

    it("held through Levy's Illinois data: Addison 60101 (DuPage County) 1% on 2019-01-01, 8% in all in 2026", async () => {
      const early = ratesByName(
        await calculate({ state: "IL", zip: "60101", city: "Addison", day: "2019-01-01" }, 10000),
      );
      expect(early).toMatchObject({ "Addison home rule tax": 0.01 });
      expect((await charged("IL", "60101", "Addison")).rate).toBe(0.08);
    });
  });

  describe("home rule taxes of villages in two counties", () => {
    it("Wheeling 60090 (Cook County): the village's 1% over Cook County and the RTA: 10%; $1,000.00 pays $100.00", async () => {
      const c = await charged("IL", "60090", "Wheeling");
      expect(c.rate).toBe(0.1);
      expect(c.tax).toBe(10000);
    });

    it("Buffalo Grove 60089 (Lake County): the village's 1% with the RTA's 0.75%: 8%", async () => {
      const c = await charged("IL", "60089", "Buffalo Grove");
      expect(c.rate).toBe(0.08);
      expect(c.names).toContain("Buffalo Grove home rule tax");
    });
  });

  describe("Buffalo Grove's own 1% grocery tax from 2026-01-01 (Ord. 2025-061)", () => {
    it("groceries: the State's 1% and the RTA's 0.75% in 2025, the village's 1% and the RTA's 0.75% in 2026", async () => {
      const before = ratesByName(
        await calculate(
          { state: "IL", zip: "60089", city: "Buffalo Grove", day: "2025-12-31", category: "GROCERIES" },
          10000,
        ),
      );
      expect(before).toMatchObject({ Illinois: 0.01, "Buffalo Grove home rule tax": 0, "RTA tax": 0.0075 });
      const after = ratesByName(
        await calculate(
          { state: "IL", zip: "60089", city: "Buffalo Grove", day: "2026-01-01", category: "GROCERIES" },
          10000,
        ),
      );
      expect(after).toMatchObject({ Illinois: 0, "Buffalo Grove home rule tax": 0.01, "RTA tax": 0.0075 });
    });

    it("the grocery tax leaves drugs alone: prescription drugs pay the State's 1% and the RTA's 0.75% only", async () => {
      expect((await charged("IL", "60089", "Buffalo Grove", DAY, "PRESCRIPTION_DRUGS")).rate).toBe(0.0175);
    });
  });
});
