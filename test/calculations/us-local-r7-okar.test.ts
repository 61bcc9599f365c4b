// Researched local sales taxes of round 7, group okar (OK, AR, IA) through the gateway in
// embedded mode: the combined rate, the jurisdictions charged and the coverage for addresses
// whose ZIP lies in a known county and city, and the rate before and after a dated change.
// The rates come from the publications cited in services/calc-engine/data/us-local-<st>.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 7 group okar (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r7 okar", TODAY);

  describe("Iowa: local option sales tax (LOST) of the cities read this round", () => {
    it("Sioux City 51104 and Council Bluffs 51503: the state's 6% and the city's 1%, PARTIAL", async () => {
      const sioux = await charged("IA", "51104", "Sioux City");
      expect(sioux.rate).toBe(0.07);
      expect(sioux.tax).toBe(7000);
      expect(sioux.names).toContain("Sioux City local option sales tax");
      expect(sioux.coverage).toBe("PARTIAL");
      const bluffs = await charged("IA", "51503", "Council Bluffs");
      expect(bluffs.rate).toBe(0.07);
      expect(bluffs.names).toContain("Council Bluffs local option sales tax");
    });

    it("Bettendorf 52722, Burlington 52601 and Newton 50208: 7%", async () => {
      expect((await charged("IA", "52722", "Bettendorf")).rate).toBe(0.07);
      expect((await charged("IA", "52601", "Burlington")).rate).toBe(0.07);
      expect((await charged("IA", "50208", "Newton")).rate).toBe(0.07);
    });

    it("Ottumwa 52501 (renewed to 2035) and Indianola 50125 (since July 2016, so also on the data's first day): 7%", async () => {
      expect((await charged("IA", "52501", "Ottumwa")).rate).toBe(0.07);
      const c = await charged("IA", "50125", "Indianola", "2019-01-01");
      expect(c.rate).toBe(0.07);
      expect(c.names).toContain("Indianola local option sales tax");
    });

    it("Knoxville 50138 and Pleasantville 50225 (Marion County's code): 7%", async () => {
      expect((await charged("IA", "50138", "Knoxville")).rate).toBe(0.07);
      expect((await charged("IA", "50225", "Pleasantville")).rate).toBe(0.07);
    });

    it("Iowa City 52240 and Coralville 52241: 6% until 2026-06-30, 7% from July 2026 (the vote of 2025-11-04)", async () => {
      expect((await charged("IA", "52240", "Iowa City", "2026-06-30")).rate).toBe(0.06);
      const c = await charged("IA", "52240", "Iowa City");
      expect(c.rate).toBe(0.07);
      expect(c.names).toContain("Iowa City local option sales tax");
      expect((await charged("IA", "52241", "Coralville", "2026-06-30")).rate).toBe(0.06);
      expect((await charged("IA", "52241", "Coralville")).rate).toBe(0.07);
    });

    it("Ankeny 50023 keeps the state's 6%: no LOST there (its own page), none added", async () => {
      expect((await charged("IA", "50023", "Ankeny")).rate).toBe(0.06);
    });
  });

  describe("Arkansas: Sherwood", () => {
    it("Sherwood 72120 (Pulaski County 1%, the city's 2% since its 2018 vote): 9.5%, PARTIAL", async () => {
      const c = await charged("AR", "72120", "Sherwood");
      expect(c.rate).toBe(0.095);
      expect(c.names).toEqual(["Arkansas", "Pulaski County", "Sherwood"]);
      expect(c.coverage).toBe("PARTIAL");
    });
  });

  describe("Oklahoma: Owasso", () => {
    it("Owasso 74055 (Tulsa County 0.367%, the city's 4.05%): 8.917%, PARTIAL", async () => {
      const c = await charged("OK", "74055", "Owasso");
      expect(c.rate).toBe(0.08917);
      expect(c.names).toEqual(["Oklahoma", "Owasso", "Tulsa County"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Owasso 74055 before 2023, where neither Owasso's nor Tulsa County's earlier rate is modelled: the state's 4.5%", async () => {
      expect((await charged("OK", "74055", "Owasso", "2022-12-31")).rate).toBe(0.045);
    });
  });
});
