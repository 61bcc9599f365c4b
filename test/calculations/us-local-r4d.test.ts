// Defects found by sorting the ZIP sweep's misses in the researched states (issue 18,
// docs/accuracy-notes-r4d.md), each through the gateway in embedded mode: county taxes
// adopted after the edition of the state's chart that the data was built from, and places
// whose known local tax is not in the data answering FULL.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

describe("US local sales taxes, researched-state misses (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r4d", "2026-03-15");

  describe("ZIPs outside the Census ZIP areas (PO boxes): the county as the ZCTA data names it", () => {
    it("Carson City 89702 (PO boxes): Carson City's 0.75% like 89701, not the state rate alone answered FULL", async () => {
      const street = await charged("NV", "89701", "Carson City", "2026-03-15");
      expect(street.rate).toBe(0.076);
      const poBox = await charged("NV", "89702", "Carson City", "2026-03-15");
      expect(poBox.rate).toBe(0.076);
      expect(poBox.names).toContain("Carson City local sales tax");
      expect(poBox.coverage).toBe("FULL");
    });

    it("San Francisco 94120 (PO boxes): San Francisco's district taxes like 94102, not the state rate alone", async () => {
      const street = await charged("CA", "94102", "San Francisco", "2026-03-15");
      const poBox = await charged("CA", "94120", "San Francisco", "2026-03-15");
      expect(poBox.rate).toBe(street.rate);
      expect(poBox.rate).toBeGreaterThan(0.0725);
      expect(poBox.names).toContain("San Francisco County Transportation Authority");
    });
  });

  describe("Wisconsin: the counties that adopted the 0.5% county tax in 2024", () => {
    it("Racine 53402: 5% state only until 2025-03-31, 5.5% with Racine County's tax from 2025-04-01", async () => {
      const before = await charged("WI", "53402", "Racine", "2025-03-31");
      expect(before.rate).toBe(0.05);
      const after = await charged("WI", "53402", "Racine", "2026-03-15");
      expect(after.rate).toBe(0.055);
      expect(after.tax).toBe(5500);
      expect(after.names).toContain("Racine County");
      expect(after.coverage).toBe("FULL");
    });

    it("Manitowoc 54220: 5% in 2024, 5.5% with Manitowoc County's tax from 2025-01-01", async () => {
      expect((await charged("WI", "54220", "Manitowoc", "2024-12-31")).rate).toBe(0.05);
      const after = await charged("WI", "54220", "Manitowoc", "2026-03-15");
      expect(after.rate).toBe(0.055);
      expect(after.names).toContain("Manitowoc County");
    });
  });

  describe("Wisconsin: premier resort areas, whose tax is not in the data, are not answered FULL", () => {
    it("Bayfield 54814 and Rhinelander 54501: the county tax, PARTIAL", async () => {
      const bayfield = await charged("WI", "54814", "Bayfield", "2026-03-15");
      expect(bayfield.names).toContain("Bayfield County");
      expect(bayfield.coverage).toBe("PARTIAL");
      const rhinelander = await charged("WI", "54501", "Rhinelander", "2026-03-15");
      expect(rhinelander.names).toContain("Oneida County");
      expect(rhinelander.coverage).toBe("PARTIAL");
    });

    it("Madison 53703, no premier resort area: still FULL", async () => {
      expect((await charged("WI", "53703", "Madison", "2026-03-15")).coverage).toBe("FULL");
    });
  });
});
