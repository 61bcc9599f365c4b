// Researched local sales taxes of round 9, group okks (OK, KS) through the gateway in embedded
// mode: the combined rate, the jurisdictions charged and the coverage for addresses whose ZIP
// lies in a known county and city, and the rate before and after a dated change.
// The rates come from the publications cited in services/calc-engine/data/us-local-<st>.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 9 group okks (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r9 okks", TODAY);

  describe("Oklahoma: Canadian County and Yukon", () => {
    it("Yukon 73099 (Canadian County 0.35%, the city's 4%): 8.85%, PARTIAL", async () => {
      const c = await charged("OK", "73099", "Yukon");
      expect(c.rate).toBe(0.0885);
      expect(c.tax).toBe(8850);
      expect(c.names).toEqual(["Canadian County", "Oklahoma", "Yukon"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Union City 73036 (its 4.5% of July 2025 with Canadian County's 0.35%): 9.35%", async () => {
      const c = await charged("OK", "73036", "Union City");
      expect(c.rate).toBe(0.0935);
      expect(c.names).toEqual(["Canadian County", "Oklahoma", "Union City sales tax"]);
    });
  });

  describe("Oklahoma: Grady County and Chickasha's 2024 increase", () => {
    it("Chickasha 73018: 9% in 2023, 9.5% from 2024-01-01 (Grady County 0.75%, the city's 3.75% then 4.25%)", async () => {
      expect((await charged("OK", "73018", "Chickasha", "2023-12-31")).rate).toBe(0.09);
      const c = await charged("OK", "73018", "Chickasha", "2024-01-01");
      expect(c.rate).toBe(0.095);
      expect(c.names).toEqual(["Chickasha", "Grady County", "Oklahoma"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Blanchard 73010 (Grady County, the city's 5%): 10.25%; Tuttle 73089 (4.5%): 9.75%", async () => {
      const c = await charged("OK", "73010", "Blanchard");
      expect(c.rate).toBe(0.1025);
      expect(c.names).toEqual(["Blanchard", "Grady County", "Oklahoma"]);
      expect((await charged("OK", "73089", "Tuttle")).rate).toBe(0.0975);
    });

    it("nothing is charged for Grady County before the first source read (2023-04-01)", async () => {
      expect((await charged("OK", "73018", "Chickasha", "2023-03-31")).rate).toBe(0.045);
    });
  });

  describe("Oklahoma: Logan County and Guthrie", () => {
    it("Guthrie 73044 (Logan County 0.75%, the city's 3.75%): 9%", async () => {
      const c = await charged("OK", "73044", "Guthrie");
      expect(c.rate).toBe(0.09);
      expect(c.names).toEqual(["Guthrie", "Logan County", "Oklahoma"]);
    });
  });

  describe("Oklahoma: Kay County's fire tax of 2023", () => {
    it("Ponca City 74601: 9.25% in 2022 Q4, 9.583% from 2023-01-01", async () => {
      expect((await charged("OK", "74601", "Ponca City", "2022-12-31")).rate).toBe(0.0925);
      const c = await charged("OK", "74601", "Ponca City");
      expect(c.rate).toBe(0.09583);
      expect(c.tax).toBe(9583);
      expect(c.names).toEqual(["Kay County", "Oklahoma", "Ponca City"]);
    });

    it("Blackwell 74631 (the city's 5%): 10.75%; Kay County's 0.917% in 2022 Q4", async () => {
      expect((await charged("OK", "74631", "Blackwell")).rate).toBe(0.1075);
      expect((await charged("OK", "74631", "Blackwell", "2022-10-01")).rate).toBe(0.10417);
    });
  });

  describe("Oklahoma: Delaware County and Grove's fire and police tax", () => {
    it("Grove 74344: 9.6% before April 2024, 10.2% from 2024-04-01 (Delaware County 1.7%, the city's 3.4% + 0.6%)", async () => {
      expect((await charged("OK", "74344", "Grove", "2024-03-31")).rate).toBe(0.096);
      const c = await charged("OK", "74344", "Grove");
      expect(c.rate).toBe(0.102);
      expect(c.names).toEqual(["Delaware County", "Grove", "Oklahoma"]);
    });
  });

  describe("Oklahoma: cities whose county was already held", () => {
    it("Durant 74701 (Bryan County 0.5%, the city's 4.375%): 9.375%", async () => {
      const c = await charged("OK", "74701", "Durant");
      expect(c.rate).toBe(0.09375);
      expect(c.names).toEqual(["Bryan County", "Durant", "Oklahoma"]);
    });

    it("Jenks 74037 (Tulsa County 0.367%, the city's 3.55%): 8.417%", async () => {
      const c = await charged("OK", "74037", "Jenks");
      expect(c.rate).toBe(0.08417);
      expect(c.names).toEqual(["Jenks", "Oklahoma", "Tulsa County"]);
    });

    it("Ardmore 73401: the city's 3.75% only (Carter County not held), PARTIAL", async () => {
      const c = await charged("OK", "73401", "Ardmore");
      expect(c.rate).toBe(0.0825);
      expect(c.names).toEqual(["Ardmore", "Oklahoma"]);
      expect(c.coverage).toBe("PARTIAL");
    });
  });

  describe("Oklahoma: the Commission's November 2024 rates as the Newcastle Pacer reports them", () => {
    it("Noble 73068 (Cleveland County 0.125%, the city's 4.125%): 8.75%", async () => {
      const c = await charged("OK", "73068", "Noble");
      expect(c.rate).toBe(0.0875);
      expect(c.names).toEqual(["Cleveland County", "Noble", "Oklahoma"]);
    });

    it("Washington 73093: the town's 4% until June 2025 (McClain County held only from November 2025), 5% from July 2025", async () => {
      expect((await charged("OK", "73093", "Washington", "2025-06-30")).rate).toBe(0.085);
      expect((await charged("OK", "73093", "Washington", "2025-07-01")).rate).toBe(0.095);
      const c = await charged("OK", "73093", "Washington");
      expect(c.rate).toBe(0.1);
      expect(c.names).toEqual(["McClain County", "Oklahoma", "Washington"]);
    });
  });

  describe("Kansas: Douglas County and Lawrence", () => {
    it("Lawrence 66044 (Douglas County 1.25%, the city's 1.55%): 9.3%, PARTIAL", async () => {
      const c = await charged("KS", "66044", "Lawrence");
      expect(c.rate).toBe(0.093);
      expect(c.tax).toBe(9300);
      expect(c.names).toEqual(["Douglas County", "Kansas", "Lawrence"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Douglas County's behavioral health quarter cent starts 2019-04-01: 9.05% the day before", async () => {
      expect((await charged("KS", "66046", "Lawrence", "2019-03-31")).rate).toBe(0.0905);
      expect((await charged("KS", "66046", "Lawrence", "2019-04-01")).rate).toBe(0.093);
    });
  });

  describe("Kansas: Atchison County's 2023 reduction", () => {
    it("Atchison 66002: the county's 1.25% until March 2023, 1% from 2023-04-01 (city tax not held)", async () => {
      expect((await charged("KS", "66002", "Atchison", "2023-03-31")).rate).toBe(0.0775);
      const c = await charged("KS", "66002", "Atchison");
      expect(c.rate).toBe(0.075);
      expect(c.names).toEqual(["Atchison County", "Kansas"]);
      expect(c.coverage).toBe("PARTIAL");
    });
  });

  describe("Kansas: Dickinson County and Abilene's street tax sunset", () => {
    it("Abilene 67410: 8.75% until March 2023, 8.5% from 2023-04-01 (Dickinson County 1.5%, the city's 0.75% then 0.5%)", async () => {
      expect((await charged("KS", "67410", "Abilene", "2023-03-31")).rate).toBe(0.0875);
      const c = await charged("KS", "67410", "Abilene");
      expect(c.rate).toBe(0.085);
      expect(c.names).toEqual(["Abilene", "Dickinson County", "Kansas"]);
    });
  });
});
