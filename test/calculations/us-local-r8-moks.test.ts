// Researched local sales taxes of round 8, group moks (Missouri, Kansas) through the gateway in
// embedded mode: the combined rate, the jurisdictions charged and the coverage for addresses
// whose ZIP lies in a known county and city, before and after dated changes. The rates come
// from the publications cited in services/calc-engine/data/us-local-{mo,ks}.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 8 group moks (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r8 moks", TODAY);

  describe("Kansas (county and city taxes administered by the Kansas Department of Revenue)", () => {
    it("Shawnee 66217: the City's 1.625% over Johnson County's taxes (9.6%), PARTIAL", async () => {
      const c = await charged("KS", "66217", "Shawnee");
      expect(c.rate).toBe(0.096);
      expect(c.names).toContain("Shawnee");
      expect(c.names).toContain("Kansas");
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Newton 67114: Harvey County's 2% and no city tax (8.5%)", async () => {
      const c = await charged("KS", "67114", "Newton");
      expect(c.rate).toBe(0.085);
      expect(c.names).toEqual(["Harvey County", "Kansas"]);
    });

    it("McPherson 67460: 9% until the county's EMS half-cent of 2026-04-01, 9.5% after", async () => {
      const before = await charged("KS", "67460", "McPherson", "2026-03-15");
      expect(before.rate).toBe(0.09);
      expect(before.names).toEqual(["Kansas", "McPherson", "McPherson County"]);
      expect((await charged("KS", "67460", "McPherson")).rate).toBe(0.095);
    });

    it("Great Bend 67530 (Barton County 1%): 8.25% until the city's three taxes of 2022-04-01, 8.7% after", async () => {
      expect((await charged("KS", "67530", "Great Bend", "2022-03-31")).rate).toBe(0.0825);
      expect((await charged("KS", "67530", "Great Bend")).rate).toBe(0.087);
    });

    it("Garden City 67846 (Finney County): 8.65% before the county's 0.3% of 2018-04-01, 8.95% after", async () => {
      expect((await charged("KS", "67846", "Garden City", "2018-03-31")).rate).toBe(0.0865);
      expect((await charged("KS", "67846", "Garden City")).rate).toBe(0.0895);
    });

    it("Hutchinson 67502 (Reno County 1%, the city's 0.75%): 8.25%; Pittsburg 66762 (Crawford County 1%, the city's 1.5%): 9%", async () => {
      expect((await charged("KS", "67502", "Hutchinson")).rate).toBe(0.0825);
      const pittsburg = await charged("KS", "66762", "Pittsburg");
      expect(pittsburg.rate).toBe(0.09);
      expect(pittsburg.names).toEqual(["Crawford County", "Kansas", "Pittsburg"]);
    });
  });

  describe("Missouri (county and city taxes administered by the Missouri Department of Revenue)", () => {
    // Missouri's counties are held from the DOR's January 2026 table only, so a day before 2026
    // charges the state and the city: the city's own change is what these days show.
    it("Marshfield 65706: the city's 2% until its public safety half-cent of 2023-10-01; with Webster County's 2.083% today, 8.808%", async () => {
      const before = await charged("MO", "65706", "Marshfield", "2023-09-30");
      expect(before.rate).toBe(0.06225);
      expect(before.names).toEqual(["Marshfield", "Missouri"]);
      const after = await charged("MO", "65706", "Marshfield");
      expect(after.rate).toBe(0.08808);
      expect(after.names).toEqual(["Marshfield", "Missouri", "Webster County"]);
      expect(after.coverage).toBe("PARTIAL");
    });

    it("Ste. Genevieve 63670: the city's 2% over the county's 3.375% (9.6%), under the postal and the City's spelling", async () => {
      expect((await charged("MO", "63670", "Sainte Genevieve")).rate).toBe(0.096);
      expect((await charged("MO", "63670", "Ste. Genevieve")).rate).toBe(0.096);
    });

    it("Lebanon 65536: the city's 2% before its parks and stormwater half-cent of 2022-01-01; with Laclede County's 1.188% today, 7.913%", async () => {
      expect((await charged("MO", "65536", "Lebanon", "2021-12-31")).rate).toBe(0.06225);
      expect((await charged("MO", "65536", "Lebanon")).rate).toBe(0.07913);
    });
  });
});
