// Per-item limits of US sales taxes, through the gateway in embedded mode:
// - Florida's discretionary sales surtax taxes only the first $5,000 of a single item of
//   tangible personal property (Fla. Stat. § 212.054(2)(b)1.); the state's 6 % the whole price.
// - Tennessee's local taxes apply to the first $1,600 of a single article (Tenn. Code Ann.
//   § 67-6-702(a)), and a state single article tax of 2.75 % to the part of it over $1,600
//   and up to $3,200 (§ 67-6-202(a)); services and digital products are taxed locally in full.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

interface Line {
  readonly amount: number;
  readonly quantity: number;
  readonly category?: string;
}

describe("per-unit limits on US sales taxes (embedded)", () => {
  const levy = embeddedUsCharges("Unit price limits", "2026-06-01");

  /** The line at the place on 2026-06-01. */
  const calculate = (place: { city: string; state: string; zip: string }, line: Line, taxBehavior?: "inclusive") =>
    levy.calculate({ ...place, day: "2026-06-01", category: line.category }, line.amount, {
      quantity: line.quantity,
      taxIncluded: taxBehavior === "inclusive",
    });

  /** Each jurisdiction's tax on the only line, by id. */
  const taxById = (body: any): Record<string, number> =>
    Object.fromEntries(body.line_items[0].tax_jurisdictions.map((j: any) => [j.jurisdiction_id, j.tax_due_decimal]));

  describe("Florida: the surtax on the first $5,000 of an item of tangible property", () => {
    /** Miami (Miami-Dade County, 1 % surtax) on 2026-06-01. */
    const miami = (line: Line) => calculate({ city: "Miami", state: "FL", zip: "33130" }, line);

    it("a $6,000 item: 6 % of $6,000 and 1 % of $5,000, and the answer says so", async () => {
      const body = await miami({ amount: 600_000, quantity: 1 });
      expect(body.total_tax_amount).toBe(41_000);
      expect(body.rate_coverage).toBe("FULL");
      const surtax = body.line_items[0].tax_jurisdictions.find((j: any) => j.jurisdiction_id.includes("-COUNTY-"));
      expect(surtax.note).toContain("first 5000.00 USD of each unit");
    });

    it("two $6,000 items: the cap is per unit", async () => {
      expect((await miami({ amount: 1_200_000, quantity: 2 })).total_tax_amount).toBe(82_000);
    });

    it("a $4,000 item is taxed in full at 7 %", async () => {
      expect((await miami({ amount: 400_000, quantity: 1 })).total_tax_amount).toBe(28_000);
    });

    it("a $6,000 admission is not tangible property: the surtax applies to all of it", async () => {
      const body = await miami({ amount: 600_000, quantity: 1, category: "ADMISSIONS_EVENTS" });
      expect(body.total_tax_amount).toBe(42_000);
      const surtax = body.line_items[0].tax_jurisdictions.find((j: any) => j.jurisdiction_id.includes("-COUNTY-"));
      expect(surtax.tax_due_decimal).toBe(6_000);
      expect(surtax.note ?? "").not.toContain("5000.00");
    });
  });

  describe("Tennessee: local tax on the first $1,600, state single article tax from $1,600 to $3,200", () => {
    /** Knoxville (Knox County, 2.25 %) on 2026-06-01. */
    const knoxville = (line: Line, taxBehavior?: "inclusive") =>
      calculate({ city: "Knoxville", state: "TN", zip: "37902" }, line, taxBehavior);

    it("a $4,000 item: 7 % of $4,000, 2.25 % of $1,600 and 2.75 % of $1,600 ($360)", async () => {
      const body = await knoxville({ amount: 400_000, quantity: 1 });
      expect(body.total_tax_amount).toBe(36_000);
      const taxes = taxById(body);
      expect(taxes["US-TN"]).toBe(28_000);
      expect(taxes["US-TN-COUNTY-KNOX"]).toBe(3_600);
      expect(taxes["US-TN-SINGLE_ARTICLE"]).toBe(4_400);
      const single = body.line_items[0].tax_jurisdictions.find(
        (j: any) => j.jurisdiction_id === "US-TN-SINGLE_ARTICLE",
      );
      expect(single.jurisdiction_name).toBe("Tennessee state single article tax");
      expect(single.tax_rate).toBe(0.0275);
      expect(single.note).toContain("above 1600.00 and up to 3200.00 USD");
    });

    it("two $2,000 items: each unit is a single article ($280 + $72 + $22)", async () => {
      const taxes = taxById(await knoxville({ amount: 400_000, quantity: 2 }));
      expect(taxes).toEqual({ "US-TN": 28_000, "US-TN-COUNTY-KNOX": 7_200, "US-TN-SINGLE_ARTICLE": 2_200 });
    });

    it("a $3,000 item: the single article tax on $1,400", async () => {
      expect(taxById(await knoxville({ amount: 300_000, quantity: 1 }))["US-TN-SINGLE_ARTICLE"]).toBe(3_850);
    });

    it("a $1,000 item owes no single article tax and the answer does not list it", async () => {
      const body = await knoxville({ amount: 100_000, quantity: 1 });
      expect(body.total_tax_amount).toBe(9_250);
      expect(Object.keys(taxById(body)).sort()).toEqual(["US-TN", "US-TN-COUNTY-KNOX"]);
    });

    it("$4,000 of software as a service: local tax on the whole price, no single article tax", async () => {
      const taxes = taxById(await knoxville({ amount: 400_000, quantity: 1, category: "SAAS_GENERAL" }));
      expect(taxes["US-TN-COUNTY-KNOX"]).toBe(9_000);
      expect(taxes["US-TN-SINGLE_ARTICLE"]).toBeUndefined();
    });

    it("tax included: $4,360 including tax is $4,000 and $360 of tax", async () => {
      const body = await knoxville({ amount: 436_000, quantity: 1 }, "inclusive");
      expect(body.total_tax_amount).toBe(36_000);
      expect(taxById(body)).toEqual({ "US-TN": 28_000, "US-TN-COUNTY-KNOX": 3_600, "US-TN-SINGLE_ARTICLE": 4_400 });
    });
  });
});
