// Researched local sales taxes of round 6, group "moil" (Missouri and Illinois) through the
// gateway in embedded mode: the counties of the MO DOR's January 2026 tables and IDOR's
// 2026 rate file, the cities whose breakdown was read, the City of St. Louis superseding
// St. Louis County, and dated changes. Rates: services/calc-engine/data/us-local-{mo,il}.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const DAY = "2026-03-15";

describe("US local sales taxes, round 6 group moil (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r6 moil", DAY);

  describe("Missouri (county and city taxes administered by the Department of Revenue)", () => {
    it("Kirksville 63501: Adair County's 1.75% of the January 2026 tables (5.975%), PARTIAL; the state's 4.225% alone before", async () => {
      const c = await charged("MO", "63501", "Kirksville");
      expect(c.rate).toBe(0.05975);
      expect(c.names).toContain("Adair County");
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("MO", "63501", "Kirksville", "2025-12-31")).rate).toBe(0.04225);
    });

    it("St. Charles County's 1.725%: O'Fallon 63366 7.95% (the city's 2%), Wentzville 63385 8.45% (the city's 2.5%)", async () => {
      const ofallon = await charged("MO", "63366", "O'Fallon");
      expect(ofallon.rate).toBe(0.0795);
      expect(ofallon.names).toEqual(["Missouri", "O'Fallon", "St. Charles County"]);
      expect((await charged("MO", "63385", "Wentzville")).rate).toBe(0.0845);
    });

    it("the City of St. Louis 63101 supersedes St. Louis County (both 'St. Louis' in the ZIP data): 9.679%", async () => {
      const c = await charged("MO", "63101", "St. Louis");
      expect(c.rate).toBe(0.09679);
      expect(c.names).not.toContain("St. Louis County");
    });

    it("Florissant 63031 (St. Louis County's unincorporated 3.513%): 7.738%, the city's own taxes not held", async () => {
      const c = await charged("MO", "63031", "Florissant");
      expect(c.rate).toBe(0.07738);
      expect(c.names).toContain("St. Louis County");
    });

    it("Joplin 64801 (Jasper County 1.375%, the city's 3.125%): 8.725%; Jefferson City 65101 (Cole County 1.375%, 2.25%): 7.85%", async () => {
      expect((await charged("MO", "64801", "Joplin")).rate).toBe(0.08725);
      expect((await charged("MO", "65101", "Jefferson City")).rate).toBe(0.0785);
    });
  });

  describe("Illinois (county, municipal and RTA taxes administered by the Illinois Department of Revenue)", () => {
    it("Rockford 61101 (Winnebago County 1.5%, the city's 1%): 8.75%", async () => {
      const c = await charged("IL", "61101", "Rockford");
      expect(c.rate).toBe(0.0875);
      expect(c.names).toEqual(["Illinois", "Rockford", "Winnebago County"]);
    });

    it("Springfield 62701: 9.5% until Sangamon County's 0.5% public safety tax of 2026-07-01, 10% after", async () => {
      expect((await charged("IL", "62701", "Springfield")).rate).toBe(0.095);
      expect((await charged("IL", "62701", "Springfield", "2026-07-01")).rate).toBe(0.1);
    });

    it("Franklin County (Benton 62812): 2% until its public safety tax was cut by 1% on 2026-07-01", async () => {
      // With Benton's home rule 1.25% of IDOR's 2017 list (round 8) beside the county's taxes.
      expect((await charged("IL", "62812", "Benton")).rate).toBe(0.095);
      expect((await charged("IL", "62812", "Benton", "2026-07-01")).rate).toBe(0.085);
    });

    it("Cicero 60804: 10.75%; Bloomington 61701: 9.75% (McLean County 1%, the city's 2.5%); Aurora 60505: 8.25%", async () => {
      expect((await charged("IL", "60804", "Cicero")).rate).toBe(0.1075);
      expect((await charged("IL", "61701", "Bloomington")).rate).toBe(0.0975);
      expect((await charged("IL", "60505", "Aurora")).rate).toBe(0.0825);
    });

    it("county and municipal taxes leave qualifying food, drugs and medical appliances alone (Rockford)", async () => {
      expect((await charged("IL", "61101", "Rockford", DAY, "GROCERIES")).tax).toBe(0);
      expect((await charged("IL", "61101", "Rockford", DAY, "PRESCRIPTION_DRUGS")).rate).toBe(0.01);
      expect((await charged("IL", "61101", "Rockford", DAY, "MEDICAL_DEVICES")).rate).toBe(0.01);
    });
  });
});
