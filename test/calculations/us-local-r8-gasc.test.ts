// Researched local sales taxes of round 8, group gasc (GA, SC) through the gateway in embedded
// mode: the combined rate, the jurisdictions charged and the coverage, and the rate before and
// after a dated change. The rates come from the publications cited in
// services/calc-engine/data/us-local-ga.json and us-local-sc.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 8 group gasc (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r8 gasc", TODAY);

  describe("Georgia: Madison County's cut of 2026-07-01 (GA DOR rate file 2026-Q3)", () => {
    it("Danielsville 30633: the state's 4% and Madison County's 3%: 7%, PARTIAL", async () => {
      const c = await charged("GA", "30633", "Danielsville");
      expect(c.rate).toBe(0.07);
      expect(c.tax).toBe(7000);
      expect(c.names).toEqual(["Georgia", "Madison County local sales taxes"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Comer 30629: 8% on 2026-06-30, 7% from 2026-07-01", async () => {
      expect((await charged("GA", "30629", "Comer", "2026-06-30")).rate).toBe(0.08);
      expect((await charged("GA", "30629", "Comer", "2026-07-01")).rate).toBe(0.07);
    });

    it("a neighbouring county is not touched: Athens 30601 (Clarke County) stays at 8%", async () => {
      expect((await charged("GA", "30601", "Athens", "2026-06-30")).rate).toBe(0.08);
      expect((await charged("GA", "30601", "Athens")).rate).toBe(0.08);
    });
  });

  describe("Georgia: Fulton County inside and outside the City of Atlanta", () => {
    it("Atlanta 30303: Fulton County's 3% and the city's 1.9% (no Fulton TSPLOST): 8.9%", async () => {
      const c = await charged("GA", "30303", "Atlanta");
      expect(c.rate).toBe(0.089);
      expect(c.names).toContain("Fulton County local sales taxes");
      expect(c.names).not.toContain("Fulton County TSPLOST");
    });

    it("Alpharetta 30009: Fulton County's 3% and its TSPLOST 0.75%: 7.75%", async () => {
      const c = await charged("GA", "30009", "Alpharetta");
      expect(c.rate).toBe(0.0775);
      expect(c.names).toContain("Fulton County TSPLOST");
    });
  });

  describe("South Carolina: Dorchester County and Williamsburg County", () => {
    it("St. George 29477 (Dorchester County's transportation tax only): 7%, PARTIAL", async () => {
      const c = await charged("SC", "29477", "Saint George");
      expect(c.rate).toBe(0.07);
      expect(c.names).toContain("Dorchester County transportation sales tax");
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Kingstree 29556: Williamsburg County's new capital projects tax from 2026-05-01", async () => {
      const before = (await charged("SC", "29556", "Kingstree", "2026-04-30")).rate;
      const after = await charged("SC", "29556", "Kingstree", "2026-05-01");
      expect(Math.round((after.rate - before) * 1e6) / 1e6).toBe(0.01);
      expect((await charged("SC", "29556", "Kingstree")).rate).toBe(after.rate);
    });
  });
});
