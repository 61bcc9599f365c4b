// Researched local sales taxes of round 6, group sst2 (TN, AR, OK, UT, WV, VT) through the
// gateway in embedded mode: the combined rate, the jurisdictions charged and the coverage for
// addresses whose ZIP lies in a known county and city (SimpleMaps ZIP data), and the rate
// before and after a dated change. The rates come from the publications cited in
// services/calc-engine/data/us-local-<st>.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 6 group sst2 (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r6 sst2", TODAY);

  describe("Tennessee: Rutherford and Hamilton counties (the DOR's 2026 Q1 rates)", () => {
    it("Murfreesboro 37130 (Rutherford County 2.75%): 9.75%, PARTIAL; the state's 7% only before 2026, where no rate is held", async () => {
      const c = await charged("TN", "37130", "Murfreesboro");
      expect(c.rate).toBe(0.0975);
      expect(c.names).toEqual(["Rutherford County", "Tennessee"]);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("TN", "37130", "Murfreesboro", "2025-12-31")).rate).toBe(0.07);
    });

    it("Chattanooga 37402 (Hamilton County 2.25%): 9.25%", async () => {
      const c = await charged("TN", "37402", "Chattanooga");
      expect(c.rate).toBe(0.0925);
      expect(c.names).toEqual(["Hamilton County", "Tennessee"]);
    });
  });

  describe("Arkansas: Garland County and Hot Springs", () => {
    it("Hot Springs 71901 (postal city Hot Springs National Park): the state's 6.5%, Garland County's 1.5% and the city's 1.5%", async () => {
      const c = await charged("AR", "71901", "Hot Springs National Park");
      expect(c.rate).toBe(0.095);
      expect(c.names).toEqual(["Arkansas", "Garland County", "Hot Springs National Park"]);
      expect(c.coverage).toBe("PARTIAL");
    });
  });

  describe("Oklahoma: the Tax Commission's 2026 Q2 chart, from 2025-11-01", () => {
    it("Lawton 73505 (Comanche County 0.375%, the city's 4.125%): 9%", async () => {
      const c = await charged("OK", "73505", "Lawton");
      expect(c.rate).toBe(0.09);
      expect(c.names).toEqual(["Comanche County", "Lawton", "Oklahoma"]);
    });

    it("Sapulpa 74066 (Creek County 1.167%, the city's 4%): 9.667% from 2025-11-01, the state's 4.5% the day before", async () => {
      expect((await charged("OK", "74066", "Sapulpa")).rate).toBe(0.09667);
      expect((await charged("OK", "74066", "Sapulpa", "2025-10-31")).rate).toBe(0.045);
    });

    it("Seminole 74868: the state's 4.5% until 2025-09-30, the city's 4.125% from October 2025 (the Commission's release)", async () => {
      expect((await charged("OK", "74868", "Seminole", "2025-09-30")).rate).toBe(0.045);
      const c = await charged("OK", "74868", "Seminole");
      expect(c.rate).toBe(0.08625);
      expect(c.names).toEqual(["Oklahoma", "Seminole"]);
    });

    it("Shawnee 74801: 9.995%; Bartlesville 74006: 8.9%", async () => {
      expect((await charged("OK", "74801", "Shawnee")).rate).toBe(0.09995);
      expect((await charged("OK", "74006", "Bartlesville")).rate).toBe(0.089);
    });
  });

  describe("Utah: the 1% local and 0.25% county option taxes everywhere, Salt Lake County's shares", () => {
    it("Salt Lake City 84111: 8.25% until 2025-06-30 and 8.45% after (county-wide 2.6%, the city's 1%)", async () => {
      expect((await charged("UT", "84111", "Salt Lake City", "2025-06-30")).rate).toBe(0.0825);
      const c = await charged("UT", "84111", "Salt Lake City");
      expect(c.rate).toBe(0.0845);
      expect(c.names).toEqual(["Salt Lake City", "Salt Lake County", "Utah"]);
    });

    it("Herriman 84096, another Salt Lake County city: the county-wide 7.45%, not Salt Lake City's rate", async () => {
      expect((await charged("UT", "84096", "Herriman")).rate).toBe(0.0745);
    });

    it("Ogden 84401 (Weber County): at least the 1.25% every place levies, PARTIAL; food at the uniform 3% only", async () => {
      const c = await charged("UT", "84401", "Ogden", "2026-09-30"); // Weber County adds 0.2% from 2026-10-01 (r8-mtn)
      expect(c.rate).toBe(0.061);
      expect(c.names).toEqual(["Utah", "Weber County"]);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("UT", "84401", "Ogden", TODAY, "GROCERIES")).tax).toBe(3000);
    });
  });

  describe("Vermont: the Department of Taxes' local option sales tax list", () => {
    it("Burlington 05401: 7% (1% since July 2006); Manchester Center 05255, a village of Manchester: 7%", async () => {
      const c = await charged("VT", "05401", "Burlington");
      expect(c.rate).toBe(0.07);
      expect(c.names).toEqual(["Burlington", "Vermont"]);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("VT", "05255", "Manchester Center")).rate).toBe(0.07);
    });

    it("Stowe 05672 and Rutland 05701: 6% before July 2023, 7% after", async () => {
      expect((await charged("VT", "05672", "Stowe", "2023-06-30")).rate).toBe(0.06);
      expect((await charged("VT", "05672", "Stowe")).rate).toBe(0.07);
      expect((await charged("VT", "05701", "Rutland", "2023-06-30")).rate).toBe(0.06);
      expect((await charged("VT", "05701", "Rutland")).rate).toBe(0.07);
    });

    it("Winooski 05404: 6% until 2019-06-30, 7% from July 2019; Killington 05751: 6%, its tax rescinded on 2018-07-01", async () => {
      expect((await charged("VT", "05404", "Winooski", "2019-06-30")).rate).toBe(0.06);
      expect((await charged("VT", "05404", "Winooski")).rate).toBe(0.07);
      expect((await charged("VT", "05751", "Killington")).rate).toBe(0.06);
    });
  });

  describe("West Virginia: municipal sales and use taxes", () => {
    it("Charleston 25301: 7% (1% since July 2015); Barboursville 25504: 6% until 2020-06-30, 7% from July 2020", async () => {
      const c = await charged("WV", "25301", "Charleston");
      expect(c.rate).toBe(0.07);
      expect(c.names).toEqual(["Charleston", "West Virginia"]);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("WV", "25504", "Barboursville", "2020-06-30")).rate).toBe(0.06);
      expect((await charged("WV", "25504", "Barboursville")).rate).toBe(0.07);
    });

    it("South Charleston 25309 and Elkins 26241: 7%; Kingwood 26537: 6% until 2019-06-30, 7% from July 2019", async () => {
      expect((await charged("WV", "25309", "South Charleston")).rate).toBe(0.07);
      expect((await charged("WV", "26241", "Elkins")).rate).toBe(0.07);
      expect((await charged("WV", "26537", "Kingwood", "2019-06-30")).rate).toBe(0.06);
      expect((await charged("WV", "26537", "Kingwood")).rate).toBe(0.07);
    });

    it("Morgantown 26505: 6% until 2020-06-30, 7% from 2020-07-01; Huntington 25701 and Fairmont 26554: 7%", async () => {
      expect((await charged("WV", "26505", "Morgantown", "2020-06-30")).rate).toBe(0.06);
      expect((await charged("WV", "26505", "Morgantown")).rate).toBe(0.07);
      expect((await charged("WV", "25701", "Huntington")).rate).toBe(0.07);
      expect((await charged("WV", "26554", "Fairmont")).rate).toBe(0.07);
    });
  });
});
