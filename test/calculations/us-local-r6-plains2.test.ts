// Researched local sales taxes of round 6, group "plains2" (NE WV WY SD) through the gateway in
// embedded mode: the combined rate, the jurisdictions charged and the coverage for addresses
// whose ZIP lies in a known county and city (SimpleMaps ZIP data). The rates come from the
// publications cited in services/calc-engine/data/us-local-<st>.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const DAY = "2026-03-15";

describe("US local sales taxes, round 6 group plains2 (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r6 plains2", DAY);

  describe("Nebraska (city taxes over the state's 5.5%, the Department's tables and notices)", () => {
    it("Kearney 68847: the city's 1.5% (7%), PARTIAL", async () => {
      const c = await charged("NE", "68847", "Kearney");
      expect(c.rate).toBe(0.07);
      expect(c.names).toEqual(["Kearney", "Nebraska"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("North Platte 69101 and La Vista 68128 (two-word names): 2% (7.5%)", async () => {
      expect((await charged("NE", "69101", "North Platte")).rate).toBe(0.075);
      expect((await charged("NE", "68128", "La Vista")).rate).toBe(0.075);
    });

    it("Beatrice 68310: 1.5% on the 2008 table (7% in 2020), 2% on the 2026 list (7.5%)", async () => {
      expect((await charged("NE", "68310", "Beatrice", "2020-06-15")).rate).toBe(0.07);
      expect((await charged("NE", "68310", "Beatrice")).rate).toBe(0.075);
    });

    it("Blair 68008 and Holdrege 68949: 1.5% from the July 2008 table; nothing held before it", async () => {
      expect((await charged("NE", "68008", "Blair")).rate).toBe(0.07);
      expect((await charged("NE", "68949", "Holdrege")).rate).toBe(0.07);
      const before = await charged("NE", "68008", "Blair", "2008-06-15");
      expect(before.rate).toBe(0.055);
      expect(before.coverage).toBe("STATE_ONLY");
    });

    it("Plattsmouth 68048: 1.5% from the increase of 2010-04-01; Wayne 68787: 1.5% from 2015-04-01", async () => {
      expect((await charged("NE", "68048", "Plattsmouth")).rate).toBe(0.07);
      expect((await charged("NE", "68048", "Plattsmouth", "2010-03-15")).rate).toBe(0.055);
      expect((await charged("NE", "68787", "Wayne")).rate).toBe(0.07);
    });

    it("David City 68632: nothing held before its notice, 1.5% from 2010-10-01", async () => {
      expect((await charged("NE", "68632", "David City", "2010-09-15")).rate).toBe(0.055);
      expect((await charged("NE", "68632", "David City")).rate).toBe(0.07);
    });

    it("Cambridge 69022: 1% on the 2008 table, 1.5% from 2010-04-01", async () => {
      expect((await charged("NE", "69022", "Cambridge", "2009-06-15")).rate).toBe(0.065);
      expect((await charged("NE", "69022", "Cambridge")).rate).toBe(0.07);
    });
  });

  describe("West Virginia (municipal 1% over the state's 6%)", () => {
    it("Weirton 26062: the city's 1% (7%), PARTIAL; Wellsburg 26070, not held: 6%", async () => {
      const c = await charged("WV", "26062", "Weirton");
      expect(c.rate).toBe(0.07);
      expect(c.names).toEqual(expect.arrayContaining(["Weirton"]));
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("WV", "26070", "Wellsburg")).rate).toBe(0.06);
    });
  });

  describe("Wyoming (county taxes over the state's 4%)", () => {
    it("Casper 82601: Natrona County's 1% general purpose tax (5%), PARTIAL", async () => {
      const c = await charged("WY", "82601", "Casper");
      expect(c.rate).toBe(0.05);
      expect(c.names).toEqual(expect.arrayContaining(["Natrona County"]));
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Gillette 82718 (Campbell) and Riverton 82501 (Fremont): 5%; Sheridan 82801: 6%", async () => {
      const g = await charged("WY", "82718", "Gillette");
      expect(g.rate).toBe(0.05);
      expect(g.names).toEqual(expect.arrayContaining(["Campbell County"]));
      expect((await charged("WY", "82501", "Riverton")).rate).toBe(0.05);
      expect((await charged("WY", "82801", "Sheridan")).rate).toBe(0.06);
    });

    it("Sheridan before the capital facilities renewal's term (2020-06-15): nothing held, the state's 4%", async () => {
      expect((await charged("WY", "82801", "Sheridan", "2020-06-15")).rate).toBe(0.04);
    });
  });

  describe("South Dakota (municipal 2% over the state's 4.2%)", () => {
    it("Freeman 57029 and Whitewood 57793: 6.2%, PARTIAL", async () => {
      const c = await charged("SD", "57029", "Freeman");
      expect(c.rate).toBe(0.062);
      expect(c.names).toEqual(["Freeman", "South Dakota"]);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("SD", "57793", "Whitewood")).rate).toBe(0.062);
    });
  });
});
