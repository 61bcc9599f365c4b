// South Carolina county taxes missing from the data or dated after the edition it was read
// from (issue 18; docs/accuracy-notes-r6-refresh.md), through the gateway in embedded mode:
// the education capital improvement taxes of Anderson and Kershaw counties (SCDOR's list of
// authorized counties) and Williamsburg County's capital projects tax of 2026-05-01 (SCDOR
// ST-500, May 2026 edition); and Mecklenburg County's (NC) 1% roadway and public
// transportation tax, which NCDOR dates 2026-07-01, not 2026-04-01.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import { chargedAt } from "../support/us-calculation.js";

describe("US local sales taxes, refreshed SC and NC county taxes (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "US local r6 refresh")).testSecret;
  });
  afterAll(() => system?.stop());

  /** $1,000.00 of general merchandise (or `category`) delivered to the South Carolina ZIP on the day. */
  const charged = (zip: string, city: string, day: string, category?: string) =>
    chargedAt(api, key, { state: "SC", zip, city, day, ...(category === undefined ? {} : { category }) });

  describe("education capital improvement taxes (1%)", () => {
    it("Anderson 29621: 7% with Anderson County's school tax, not the 6% state rate alone", async () => {
      const anderson = await charged("29621", "Anderson", "2026-03-15");
      expect(anderson.rate).toBe(0.07);
      expect(anderson.tax).toBe(7000);
      expect(anderson.names).toContain("Anderson County school sales tax");
      expect(anderson.coverage).not.toBe("STATE_ONLY");
    });

    it("Camden 29020: 8%, Kershaw County's local option and school taxes", async () => {
      const camden = await charged("29020", "Camden", "2026-03-15");
      expect(camden.rate).toBe(0.08);
      expect(camden.names).toEqual(
        expect.arrayContaining(["Kershaw County local option sales tax", "Kershaw County school sales tax"]),
      );
    });

    it("Greenville 29601, a county without local taxes: still the 6% state rate", async () => {
      expect((await charged("29601", "Greenville", "2026-03-15")).rate).toBe(0.06);
    });
  });

  describe("Williamsburg County's capital projects tax: ended 2025-04-30, imposed again 2026-05-01", () => {
    it("Kingstree 29556: 8% before 2025-05-01, 7% until 2026-04-30, 8% from 2026-05-01", async () => {
      expect((await charged("29556", "Kingstree", "2025-04-30")).rate).toBe(0.08);
      expect((await charged("29556", "Kingstree", "2026-04-30")).rate).toBe(0.07);
      const after = await charged("29556", "Kingstree", "2026-05-01");
      expect(after.rate).toBe(0.08);
      expect(after.names).toContain("Williamsburg County capital projects sales tax");
    });

    it("groceries in Kingstree from 2026-05-01: the new capital projects tax does not apply to them", async () => {
      const general = await charged("29556", "Kingstree", "2026-05-01");
      const groceries = await charged("29556", "Kingstree", "2026-05-01", "GROCERIES");
      expect(general.tax).toBe(8000);
      // Unprepared food: no state tax, the county local option tax only.
      expect(groceries.rate).toBe(0.01);
      expect(groceries.tax).toBe(1000);
    });
  });

  describe("Mecklenburg County's 1% roadway and public transportation tax (NCDOR: from 2026-07-01)", () => {
    it("Charlotte 28202: 7.25% on 2026-06-30, 8.25% from 2026-07-01", async () => {
      const before = await chargedAt(api, key, { state: "NC", zip: "28202", city: "Charlotte", day: "2026-06-30" });
      expect(before.rate).toBe(0.0725);
      expect(before.names).not.toContain("Mecklenburg County roadway and public transportation tax (PAVE Act)");
      const after = await chargedAt(api, key, { state: "NC", zip: "28202", city: "Charlotte", day: "2026-07-01" });
      expect(after.rate).toBe(0.0825);
      expect(after.names).toContain("Mecklenburg County roadway and public transportation tax (PAVE Act)");
    });
  });
});
