// Researched local sales taxes of round 7, group "il" (Illinois) through the gateway in
// embedded mode: suburban home rule and non-home rule taxes read in the municipalities'
// own codes and pages, and the municipal 1% grocery taxes that replace the State's
// repealed 1% grocery rate from 2026-01-01 (65 ILCS 5/8-11-24) where the municipality's
// ordinance was read. Rates: services/calc-engine/data/us-local-il.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const DAY = "2026-03-15";

/** Each jurisdiction's rate on the first line of a calculation answer, by name. */
function ratesByName(body: any): Record<string, number> {
  const entries: Array<{ jurisdiction_name: string; tax_rate: number }> = body.line_items[0].tax_jurisdictions;
  return Object.fromEntries(entries.map((e) => [e.jurisdiction_name, e.tax_rate]));
}

describe("US local sales taxes, round 7 group il (embedded)", () => {
  const { charged, calculate } = embeddedUsCharges("US local r7 il", DAY);

  describe("suburban home rule and non-home rule taxes", () => {
    it("Oak Lawn 60453 (Cook County): the village's 1.25% over Cook County's 1.75% and the RTA's 1%: 10.25%, PARTIAL", async () => {
      const c = await charged("IL", "60453", "Oak Lawn");
      expect(c.rate).toBe(0.1025);
      expect(c.names).toEqual(["Cook County home rule tax", "Illinois", "Oak Lawn home rule tax", "RTA tax"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Wheaton 60187 (DuPage County): the city's 1% with the RTA's 0.75%: 8%; Romeoville 60446 (Will County) 1.5%: 8.5%", async () => {
      expect((await charged("IL", "60187", "Wheaton")).rate).toBe(0.08);
      expect((await charged("IL", "60446", "Romeoville")).rate).toBe(0.085);
    });

    it("Lombard 60148: the 1% non-home rule tax (8%); Kankakee 60901 (outside the RTA): the city's 2% (8.25%)", async () => {
      const lombard = await charged("IL", "60148", "Lombard");
      expect(lombard.rate).toBe(0.08);
      expect(lombard.names).toContain("Lombard non-home rule tax");
      expect((await charged("IL", "60901", "Kankakee")).rate).toBe(0.0825);
    });

    it("Quincy 62301 (Adams County 0.25%): the city's 1.5% home rule tax, 8%", async () => {
      expect((await charged("IL", "62301", "Quincy")).rate).toBe(0.08);
    });

    it("a home rule tax leaves qualifying drugs alone: Oak Lawn's prescription drugs pay the State's 1% and the RTA's 1.25%", async () => {
      expect((await charged("IL", "60453", "Oak Lawn", DAY, "PRESCRIPTION_DRUGS")).rate).toBe(0.0225);
    });
  });

  describe("municipal grocery taxes from 2026-01-01 (65 ILCS 5/8-11-24)", () => {
    it("Naperville 60540: the State's 1% on groceries until 2025-12-31, the City's own 1% from 2026-01-01 (the RTA's 0.75% throughout)", async () => {
      const before = ratesByName(
        await calculate(
          { state: "IL", zip: "60540", city: "Naperville", day: "2025-12-31", category: "GROCERIES" },
          10000,
        ),
      );
      expect(before).toMatchObject({ Illinois: 0.01, "Naperville home rule tax": 0, "RTA tax": 0.0075 });
      const after = ratesByName(
        await calculate(
          { state: "IL", zip: "60540", city: "Naperville", day: "2026-01-01", category: "GROCERIES" },
          10000,
        ),
      );
      expect(after).toMatchObject({ Illinois: 0, "Naperville home rule tax": 0.01, "RTA tax": 0.0075 });
    });

    it("Naperville's grocery rate (1%) is above its general-merchandise rate (0.75%), which still applies to everything else", async () => {
      expect((await charged("IL", "60540", "Naperville")).rate).toBe(0.0775);
      expect((await charged("IL", "60540", "Naperville", DAY, "GROCERIES")).rate).toBe(0.0175);
    });

    it("Elk Grove Village 60007 (Cook County): groceries 2.25% (the RTA's 1.25% and the village's 1%), $100.00 of groceries $2.25", async () => {
      const c = await charged("IL", "60007", "Elk Grove Village", DAY, "GROCERIES");
      expect(c.rate).toBe(0.0225);
      expect(c.tax).toBe(2250);
      expect((await charged("IL", "60007", "Elk Grove Village")).rate).toBe(0.1);
    });

    it("Elgin 60124 (Kane County) and Elmhurst 60126: 1.75% on groceries in 2026 (the RTA's 0.75% and the city's 1%)", async () => {
      expect((await charged("IL", "60124", "Elgin", DAY, "GROCERIES")).rate).toBe(0.0175);
      expect((await charged("IL", "60126", "Elmhurst", DAY, "GROCERIES")).rate).toBe(0.0175);
    });

    it("a municipality whose grocery ordinance was not read keeps the exemption: Wheaton 60187's groceries pay the RTA's 0.75% only in 2026", async () => {
      expect((await charged("IL", "60187", "Wheaton", DAY, "GROCERIES")).rate).toBe(0.0075);
      expect((await charged("IL", "60187", "Wheaton", "2025-06-01", "GROCERIES")).rate).toBe(0.0175);
    });
  });
});
