// Researched local sales taxes of round 9, group arla (Arkansas; Louisiana got no new data)
// through the gateway in embedded mode: the combined rate, the jurisdictions charged and the
// coverage, and the rate before and after a dated change. The rates come from the
// publications cited in services/calc-engine/data/us-local-ar.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 9 group arla (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r9 arla", TODAY);

  describe("Arkansas: Pine Bluff and its Go Forward tax", () => {
    it("Pine Bluff 71601 after the five-eighths cent's sunset: the city's 1.625%, 8.125%, PARTIAL", async () => {
      const c = await charged("AR", "71601", "Pine Bluff");
      expect(c.rate).toBe(0.08125);
      expect(c.tax).toBe(8125);
      expect(c.names).toEqual(["Arkansas", "Pine Bluff"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Pine Bluff 71603: 2.25% up to 2024-09-30, 1.625% from 2024-10-01, nothing held before July 2023", async () => {
      expect((await charged("AR", "71603", "Pine Bluff", "2023-06-30")).rate).toBe(0.065);
      expect((await charged("AR", "71603", "Pine Bluff", "2023-07-01")).rate).toBe(0.0875);
      expect((await charged("AR", "71603", "Pine Bluff", "2024-09-30")).rate).toBe(0.0875);
      expect((await charged("AR", "71603", "Pine Bluff", "2024-10-01")).rate).toBe(0.08125);
    });
  });

  describe("Arkansas: Union County", () => {
    it("El Dorado 71730: Union County's 2% (the city's own tax not held), 8.5%, PARTIAL", async () => {
      const c = await charged("AR", "71730", "El Dorado");
      expect(c.rate).toBe(0.085);
      expect(c.names).toEqual(["Arkansas", "Union County"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Smackover 71762 (Union County): the county's 2% from July 2023, the state's 6.5% before", async () => {
      expect((await charged("AR", "71762", "Smackover", "2023-06-30")).rate).toBe(0.065);
      expect((await charged("AR", "71762", "Smackover")).rate).toBe(0.085);
    });
  });
  describe("Arkansas: White County and Searcy", () => {
    it("Searcy 72143 (White County 1.75%, the city's 1.5%): 9.75%, PARTIAL", async () => {
      const c = await charged("AR", "72143", "Searcy");
      expect(c.rate).toBe(0.0975);
      expect(c.names).toEqual(["Arkansas", "Searcy", "White County"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Searcy before the permanent 1% (held from July 2022) and before the county's report quarter (April 2021)", async () => {
      expect((await charged("AR", "72143", "Searcy", "2022-06-30")).rate).toBe(0.0825);
      expect((await charged("AR", "72143", "Searcy", "2021-03-31")).rate).toBe(0.065);
    });
  });
  describe("Arkansas: St. Francis County's jail tax and Forrest City's bond tax", () => {
    it("Forrest City 72335 (St. Francis County 2.875%, the city's 1.875%): 11.25%, PARTIAL", async () => {
      const c = await charged("AR", "72335", "Forrest City");
      expect(c.rate).toBe(0.1125);
      expect(c.names).toEqual(["Arkansas", "Forrest City", "St. Francis County"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("the county's 2% before its seven-eighths cent of 2020-04-01; the city's 1.25% in 2021 Q3, without its bond tax", async () => {
      expect((await charged("AR", "72335", "Forrest City", "2020-03-31")).rate).toBe(0.085);
      expect((await charged("AR", "72335", "Forrest City", "2021-09-30")).rate).toBe(0.10625);
      expect((await charged("AR", "72335", "Forrest City", "2021-10-01")).rate).toBe(0.1125);
    });
  });
  describe("Arkansas: Poinsett County's jail tax", () => {
    it("Harrisburg 72432 (Poinsett County): 1.25% until 2019, 1.75% from 2020-01-01, PARTIAL", async () => {
      expect((await charged("AR", "72432", "Harrisburg", "2019-12-31")).rate).toBe(0.0775);
      const c = await charged("AR", "72432", "Harrisburg");
      expect(c.rate).toBe(0.0825);
      expect(c.names).toEqual(["Arkansas", "Poinsett County"]);
      expect(c.coverage).toBe("PARTIAL");
    });
  });
});
