// Round 6, group "south2": Louisiana parishes and New Mexico locations re-included from the
// newest official tables read (the yardstick no longer decides what is held), through the
// gateway in embedded mode: combined rate, jurisdictions charged, coverage, and dated changes.
// Rates: services/calc-engine/data/us-local-la.json and us-local-nm.json (sources cited there).
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 6 group south2 (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r6 south2", TODAY);

  describe("New Mexico (TRD's GRT rate schedules of January-June 2020 and 2022)", () => {
    it("Las Cruces 88001: the location's 3.1875% on the state's 4.875%: 8.0625%; 8.3125% under 2021's 5.125%", async () => {
      const c = await charged("NM", "88001", "Las Cruces");
      expect(c.rate).toBe(0.080625);
      expect(c.names).toEqual(["Las Cruces local GRT", "New Mexico GRT"]);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("NM", "88001", "Las Cruces", "2021-06-01")).rate).toBe(0.083125);
    });

    it("Silver City 88061: 2.875% increment (8% less 5.125%) on 4.875%: 7.75%; the city replaces Grant County's remainder", async () => {
      const c = await charged("NM", "88061", "Silver City");
      expect(c.rate).toBe(0.0775);
      expect(c.names).toEqual(["New Mexico GRT", "Silver City local GRT"]);
    });

    it("Bayard 88023 (held before Grant County's remainder): the city entry replaces the remainder: 7.625%", async () => {
      const c = await charged("NM", "88023", "Bayard");
      expect(c.rate).toBe(0.07625);
      expect(c.names).toEqual(["Bayard local GRT", "New Mexico GRT"]);
    });

    it("Sunland Park 88063: 3.3125% increment (8.1875%)", async () => {
      expect((await charged("NM", "88063", "Sunland Park")).rate).toBe(0.081875);
    });

    it("Fort Sumner 88119: 2.9375% from the 2022 edition (7.8125%)", async () => {
      const c = await charged("NM", "88119", "Fort Sumner");
      expect(c.rate).toBe(0.078125);
      expect(c.names).not.toContain("De Baca County local GRT");
    });
  });

  describe("Louisiana parishes (the collectors' rate tables)", () => {
    it("Lafayette 70501: School Board 2% and city 2% on the state's 5%: 9%", async () => {
      const c = await charged("LA", "70501", "Lafayette");
      expect(c.rate).toBe(0.09);
      expect(c.names).toEqual(["Lafayette", "Lafayette Parish local sales tax", "Louisiana"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Crowley 70526: Acadia Parish 2% with the Police Jury's 1% and the city's 2.5%: 10.5%", async () => {
      const c = await charged("LA", "70526", "Crowley");
      expect(c.rate).toBe(0.105);
      expect(c.names).not.toContain("Acadia Parish sales tax (outside municipalities)");
    });

    it("Thibodaux 70301: Lafourche Parish 2.2% with the city's 2.5% and the North Levee District's 0.25%: 9.95%", async () => {
      expect((await charged("LA", "70301", "Thibodaux")).rate).toBe(0.0995);
    });

    it("Opelousas 70570: St. Landry Parish 3.55% with the city's 2.2%: 10.75%", async () => {
      expect((await charged("LA", "70570", "Opelousas")).rate).toBe(0.1075);
    });

    it("Breaux Bridge 70517: 7.95% on 2019-12-31, 8.95% from the city's additional 1% of 2020-01-01, 9.5% today", async () => {
      expect((await charged("LA", "70517", "Breaux Bridge", "2019-12-31")).rate).toBe(0.0795);
      expect((await charged("LA", "70517", "Breaux Bridge", "2020-01-01")).rate).toBe(0.0895);
      expect((await charged("LA", "70517", "Breaux Bridge")).rate).toBe(0.095);
    });

    it("Morgan City 70380: St. Mary Parish 4% until 2021-06-30 (8.75%), 4.45% from 2021-07-01 (9.2%)", async () => {
      expect((await charged("LA", "70380", "Morgan City", "2021-06-30")).rate).toBe(0.0875);
      expect((await charged("LA", "70380", "Morgan City", "2021-07-01")).rate).toBe(0.092);
    });

    it("New Iberia 70560: Iberia Parish 2.25% with the city's 2.75% (5% combined in the 2019 tables): 10%", async () => {
      const c = await charged("LA", "70560", "New Iberia");
      expect(c.rate).toBe(0.1);
      expect(c.names).not.toContain("Iberia Parish sales tax (outside municipalities)");
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Lake Charles 70601: the collector's 5.75% for the municipalities (parish 4.25% + city 1.5%): 10.75%", async () => {
      const c = await charged("LA", "70601", "Lake Charles");
      expect(c.rate).toBe(0.1075);
      expect(c.names).toEqual(["Calcasieu Parish local sales tax", "Lake Charles", "Louisiana"]);
    });
  });
});
