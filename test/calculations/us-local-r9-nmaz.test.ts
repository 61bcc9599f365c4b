// Researched local sales taxes of round 9, group "nmaz" (NM, AZ, CA) through the gateway in
// embedded mode: the combined rate, the jurisdictions charged and the coverage. The Arizona
// rates and dates come from ADOR's Model City Tax Code city profiles cited in
// services/calc-engine/data/us-local-az.json; the California and New Mexico cases pin the
// answers docs/accuracy-notes-r9-nmaz.md explains (the ZIP table prices those ZIPs at a
// neighbouring place; New Mexico has no current official schedule in the data).
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-03-15";

describe("US local sales taxes, round 9 group nmaz (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r9 nmaz", TODAY);

  describe("Arizona towns dated from ADOR's rate history instead of its 2026-05-01 table", () => {
    it("Page 86040: the city's 3% with Coconino County's 1.3%: 9.9%, PARTIAL", async () => {
      const c = await charged("AZ", "86040", "Page");
      expect(c.rate).toBe(0.099);
      expect(c.names).toEqual(["Arizona TPT", "Coconino County excise tax", "Page transaction privilege tax"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Page: the city's 3% is charged from Levy's first Arizona day (2019-01-01), not only from 2026-05-01", async () => {
      expect((await charged("AZ", "86040", "Page", "2019-01-01")).names).toContain("Page transaction privilege tax");
      expect((await charged("AZ", "86040", "Page", "2026-04-30")).rate).toBe(0.099);
    });

    it("Williams 86046: 3.5% since 2013-03-01 (10.4% with the county), already on 2019-01-01", async () => {
      const c = await charged("AZ", "86046", "Williams");
      expect(c.rate).toBe(0.104);
      expect(c.names).toContain("Williams transaction privilege tax");
      expect((await charged("AZ", "86046", "Williams", "2019-01-01")).names).toContain(
        "Williams transaction privilege tax",
      );
    });

    it("Groceries in Williams: the city stopped taxing food for home consumption on 2013-03-01", async () => {
      expect((await charged("AZ", "86046", "Williams", TODAY, "GROCERIES")).tax).toBe(0);
    });

    it("Winslow 86047: 3% since 2016-07-01 with Navajo County's 0.83%: 9.43%; the same 3% across the 2021-07-01 renewal", async () => {
      const c = await charged("AZ", "86047", "Winslow");
      expect(c.rate).toBe(0.0943);
      expect(c.names).toContain("Winslow transaction privilege tax");
      const renewal = await charged("AZ", "86047", "Winslow", "2021-07-01");
      expect(renewal.names).toContain("Winslow transaction privilege tax");
    });
  });

  describe("California ZIPs the table prices at a neighbouring place: Levy keeps CDTFA's rate of the place", () => {
    it("Chino Hills 91709 (San Bernardino County): 7.75%, the city's own page (table: Pomona, Los Angeles County)", async () => {
      const c = await charged("CA", "91709", "Chino Hills");
      expect(c.rate).toBe(0.0775);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("La Habra 90631: the city's 1% with Orange County's 0.5% (8.75%); San Francisco 94112: 8.625%", async () => {
      expect((await charged("CA", "90631", "La Habra")).rate).toBe(0.0875);
      expect((await charged("CA", "94112", "San Francisco")).rate).toBe(0.08625);
    });
  });

  describe("New Mexico: no TRD schedule after 2022 read, so the largest places stay at the state rate", () => {
    it("Rio Rancho 87124 (Sandoval County): the state's 4.875% only, STATE_ONLY", async () => {
      const c = await charged("NM", "87124", "Rio Rancho");
      expect(c.rate).toBe(0.04875);
      expect(c.coverage).toBe("STATE_ONLY");
    });
  });
});
