// Researched local sales taxes of round 4 (issue 18 item 3, research3: IA, MN and OK places) through
// the gateway in embedded mode: the combined rate and the jurisdictions charged for addresses in
// a known city and county. The rates come from the cities', counties', the Minnesota Department
// of Revenue's and the Oklahoma Tax Commission's publications cited in
// services/calc-engine/data/us-local-<st>.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-20";

describe("US local sales taxes, round 4 IA, MN and OK places (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r4c", TODAY);

  describe("Iowa local option sales tax (city and county codes)", () => {
    it("Davenport 52801 and Dubuque 52001: the state's 6% and the city's 1%", async () => {
      const davenport = await charged("IA", "52801", "Davenport");
      expect(davenport.rate).toBe(0.07);
      expect(davenport.tax).toBe(7000);
      expect(davenport.names).toContain("Davenport local option sales tax");
      const dubuque = await charged("IA", "52001", "Dubuque");
      expect(dubuque.rate).toBe(0.07);
      expect(dubuque.names).toContain("Dubuque local option sales tax");
    });

    it("Waterloo 50701 and Cedar Falls 50613: Black Hawk County's 1% before and after its 2026 renewal", async () => {
      expect((await charged("IA", "50701", "Waterloo", "2025-12-31")).rate).toBe(0.07);
      const waterloo = await charged("IA", "50701", "Waterloo");
      expect(waterloo.rate).toBe(0.07);
      expect(waterloo.names).toContain("Black Hawk County local option sales tax");
      expect((await charged("IA", "50613", "Cedar Falls")).rate).toBe(0.07);
    });
    it("Ames 50010 (Story County) and Fort Dodge 50501 (Webster County): the county-wide 1%", async () => {
      const ames = await charged("IA", "50010", "Ames");
      expect(ames.rate).toBe(0.07);
      expect(ames.names).toContain("Story County local option sales tax");
      expect((await charged("IA", "50501", "Fort Dodge")).rate).toBe(0.07);
    });

    it("Johnston 50131 (Polk County, from 2020): 7%; Ankeny 50023, which has not adopted the tax, stays at 6%", async () => {
      const johnston = await charged("IA", "50131", "Johnston");
      expect(johnston.rate).toBe(0.07);
      expect(johnston.names).toContain("Johnston local option sales tax");
      const ankeny = await charged("IA", "50023", "Ankeny");
      expect(ankeny.rate).toBe(0.06);
      expect(ankeny.tax).toBe(6000);
    });

    it("Waukee 50263 (Dallas County) is charged the county's 1%; West Des Moines' city entry replaces it, so 1% is charged once", async () => {
      const waukee = await charged("IA", "50263", "Waukee");
      expect(waukee.rate).toBe(0.07);
      expect(waukee.names).toContain("Dallas County local option sales tax");
      const wdm = await charged("IA", "50266", "West Des Moines");
      expect(wdm.rate).toBe(0.07);
      expect(wdm.names).not.toContain("Dallas County local option sales tax");
    });
  });

  describe("Minnesota outside the metro area (city and county taxes, Minnesota DOR)", () => {
    it("Moorhead 56560: Clay County's 0.5%, and the city's 0.5% from 2023-04-01", async () => {
      expect((await charged("MN", "56560", "Moorhead", "2023-03-31")).rate).toBe(0.07375);
      const moorhead = await charged("MN", "56560", "Moorhead");
      expect(moorhead.rate).toBe(0.07875);
      expect(moorhead.tax).toBe(7875);
      expect(moorhead.names).toEqual(
        expect.arrayContaining(["Clay County transportation sales tax", "Moorhead sales tax"]),
      );
    });

    it("Bemidji 56601: 7.875% until Beltrami County's jail tax, 8.5% from 2024-07-01", async () => {
      expect((await charged("MN", "56601", "Bemidji", "2024-06-30")).rate).toBe(0.07875);
      const bemidji = await charged("MN", "56601", "Bemidji");
      expect(bemidji.rate).toBe(0.085);
      expect(bemidji.tax).toBe(8500);
      expect(bemidji.names).toEqual(expect.arrayContaining(["Beltrami County sales tax", "Bemidji sales tax"]));
    });
  });

  describe("Oklahoma (the Tax Commission's announced new rates, from their effective dates)", () => {
    it("Choctaw 73020 (Oklahoma County): 9.75% from 2025-07-01, the state's 4.5% alone before", async () => {
      expect((await charged("OK", "73020", "Choctaw", "2025-06-30")).rate).toBe(0.045);
      const choctaw = await charged("OK", "73020", "Choctaw");
      expect(choctaw.rate).toBe(0.0975);
      expect(choctaw.names).toContain("Choctaw sales tax");
    });

    it("Broken Arrow 74014 (Wagoner County): the city's 3.55% and Wagoner County's 1.55% from 2025-07-01", async () => {
      const c = await charged("OK", "74014", "Broken Arrow");
      expect(c.rate).toBe(0.096);
      expect(c.names).toContain("Wagoner County sales tax");
    });
  });
});
