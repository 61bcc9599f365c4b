// Researched local sales taxes of round 7, group "west" (UT, NM, AZ, CO, NV; UT and CO got no
// new data) through the gateway in embedded mode: the combined rate, the jurisdictions charged
// and the coverage for addresses whose ZIP lies in a known county and city (SimpleMaps ZIP
// data). The rates come from the publications cited in services/calc-engine/data/us-local-az.json
// and us-local-nm.json; Nevada's case documents why the ZIP table's Reno rows are not followed.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 7 group west (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r7 west", TODAY);

  describe("Arizona cities held until ADOR's first dated table with their new rate", () => {
    it("Surprise 85379: the city's 2.2% with Maricopa County's 0.7% (8.5%) until 2026-04-30, Ordinance 2024-09's 2.8% (9.1%) from ADOR's 2026-05-01 table", async () => {
      const before = await charged("AZ", "85379", "Surprise", "2026-04-30");
      expect(before.rate).toBe(0.085);
      expect(before.names).toEqual(["Arizona TPT", "Maricopa County", "Surprise transaction privilege tax"]);
      expect(before.coverage).toBe("PARTIAL");
      expect((await charged("AZ", "85379", "Surprise", "2026-05-01")).rate).toBe(0.091);
    });

    it("Groceries in Surprise 85374: the city exempts food for home consumption (since 2004), as do the state and county", async () => {
      const food = await charged("AZ", "85374", "Surprise", TODAY, "GROCERIES");
      expect(food.tax).toBe(0);
    });

    it("Flagstaff 86001: the city's 2.281% (9.181% with Coconino County) until 2026-04-30, 2.486% (9.386%) from 2026-05-01", async () => {
      expect((await charged("AZ", "86001", "Flagstaff", "2026-04-30")).rate).toBe(0.09181);
      const after = await charged("AZ", "86001", "Flagstaff", "2026-05-01");
      expect(after.rate).toBe(0.09386);
      expect(after.names).toEqual(["Arizona TPT", "Coconino County excise tax", "Flagstaff transaction privilege tax"]);
    });
  });

  describe("Arizona towns held from ADOR's 2026-05-01 table, the only dated edition read for them", () => {
    it("Page 86040: the city's 3% with Coconino County's 1.3% (9.9%), from 2003-08-01 since round 9 read ADOR's rate history", async () => {
      expect((await charged("AZ", "86040", "Page", "2026-04-30")).rate).toBe(0.099);
      const after = await charged("AZ", "86040", "Page", "2026-05-01");
      expect(after.rate).toBe(0.099);
      expect(after.names).toContain("Page transaction privilege tax");
    });

    it("Coolidge 85128: Pinal County's 1.1% with the city's 3% from 2026-05-01: 9.7%", async () => {
      expect((await charged("AZ", "85128", "Coolidge")).rate).toBe(0.097);
    });
  });

  describe("New Mexico locations from TRD's July-December 2017 schedule (increments over its 5.125% state rate)", () => {
    it("Santa Fe 87501: the city location's 3.1875% replaces Santa Fe County's remainder: 8.0625% on today's 4.875%, 8.1875% under 2022-23's 5%", async () => {
      const c = await charged("NM", "87501", "Santa Fe");
      expect(c.rate).toBe(0.080625);
      expect(c.names).toEqual(["New Mexico GRT", "Santa Fe local GRT"]);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("NM", "87501", "Santa Fe", "2023-01-15")).rate).toBe(0.081875);
    });

    it("Portales 88130 (Roosevelt County): the location's 3.0625%: 7.9375%", async () => {
      const c = await charged("NM", "88130", "Portales");
      expect(c.rate).toBe(0.079375);
      expect(c.names).toEqual(["New Mexico GRT", "Portales local GRT"]);
    });

    it("Española 87532 (Rio Arriba part): the city is not held, so Rio Arriba County's 1.375% remainder is a floor: 6.25%", async () => {
      const c = await charged("NM", "87532", "Espanola");
      expect(c.rate).toBe(0.0625);
      expect(c.names).toEqual(["New Mexico GRT", "Rio Arriba County local GRT"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Groceries in Santa Fe: the food deduction covers the local increments too", async () => {
      const food = await charged("NM", "87501", "Santa Fe", TODAY, "GROCERIES");
      expect(food.tax).toBe(0);
    });
  });

  describe("Nevada: Washoe County's rate, not the ZIP table's Reno-Sparks Indian Colony rate", () => {
    it("Reno 89502: Washoe County's 8.265%, answered FULL (the colony's own tax applies on colony land, in place of the state's)", async () => {
      const c = await charged("NV", "89502", "Reno");
      expect(c.rate).toBe(0.08265);
      expect(c.coverage).toBe("FULL");
    });
  });
});
