// Researched local sales taxes of round 8, group iala (Iowa, Louisiana) through the gateway in
// embedded mode: the combined rate, the jurisdictions charged and the coverage for addresses
// whose ZIP lies in a known county and city, and the rate on either side of a dated change.
// The rates come from the publications cited in services/calc-engine/data/us-local-<st>.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 8 group iala (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r8 iala", TODAY);

  describe("Iowa: local option sales tax (LOST) of the places read this round", () => {
    it("Tama 52339: Tama County's ordinance puts the 1% in every city, so the county carries it: 7%, PARTIAL", async () => {
      const c = await charged("IA", "52339", "Tama");
      expect(c.rate).toBe(0.07);
      expect(c.tax).toBe(7000);
      expect(c.names).toEqual(["Iowa", "Tama County local option sales tax"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Boone 50036, Spencer 51301, Carroll 51401, Fairfield 52556 and Centerville 52544: the state's 6% and the city's 1%", async () => {
      const boone = await charged("IA", "50036", "Boone");
      expect(boone.rate).toBe(0.07);
      expect(boone.names).toEqual(["Boone local option sales tax", "Iowa"]);
      expect((await charged("IA", "51301", "Spencer")).rate).toBe(0.07);
      expect((await charged("IA", "51401", "Carroll")).rate).toBe(0.07);
      expect((await charged("IA", "52556", "Fairfield")).rate).toBe(0.07);
      expect((await charged("IA", "52544", "Centerville")).rate).toBe(0.07);
    });

    it("Waverly 50677 (voted to 2039-06-30), Charles City 50616 (renewed to 2032-12-31), Le Mars 51031 and Red Oak 51566: 7% today and on the data's first day", async () => {
      // The sunsets lie beyond the year ahead the API accepts, so only the periods in force are priced.
      const waverly = await charged("IA", "50677", "Waverly");
      expect(waverly.rate).toBe(0.07);
      expect(waverly.names).toEqual(["Iowa", "Waverly local option sales tax"]);
      const charles = await charged("IA", "50616", "Charles City", "2023-01-01");
      expect(charles.rate).toBe(0.07);
      expect(charles.names).toContain("Charles City local option sales tax");
      expect((await charged("IA", "51031", "Le Mars")).rate).toBe(0.07);
      expect((await charged("IA", "51566", "Red Oak")).rate).toBe(0.07);
    });
  });

  describe("Louisiana: Claiborne Parish under the collector's table of 2025-01-01", () => {
    it("Homer 71040: 6% local and the state's 5%: 11%; 10.45% under the 4.45% state rate of 2024", async () => {
      const c = await charged("LA", "71040", "Homer");
      expect(c.rate).toBe(0.11);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("LA", "71040", "Homer", "2024-12-31")).rate).toBe(0.1045);
    });

    it("Haynesville 71038: 5.125% local: 10.125%", async () => {
      expect((await charged("LA", "71038", "Haynesville")).rate).toBe(0.10125);
    });
  });
});
