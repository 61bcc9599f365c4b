// Researched local sales taxes of round 8, group "caal" (CA, AL, AZ, MN; only Arizona got new
// data) through the gateway in embedded mode: the combined rate, the jurisdictions charged and
// the coverage for addresses whose ZIP lies in a known county and city. The Arizona rates come
// from ADOR's city profiles cited in services/calc-engine/data/us-local-az.json; the California,
// Alabama and Minnesota cases pin answers the notes (docs/accuracy-notes-r8-caal.md) explain.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 8 group caal (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r8 caal", TODAY);

  describe("Arizona towns from ADOR's city profiles (history of rate changes)", () => {
    it("Thatcher 85552 (Graham County): the town's 2.5% (since 2011-07-01) with the county's 1%: 9.1%", async () => {
      const c = await charged("AZ", "85552", "Thatcher");
      expect(c.rate).toBe(0.091);
      expect(c.names).toEqual(["Arizona TPT", "Graham County excise tax", "Thatcher transaction privilege tax"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Pima 85543 (the Graham County town, not Pima County): the town's 2% (since 2001-11-01) with the county's 1%: 8.6%", async () => {
      const c = await charged("AZ", "85543", "Pima");
      expect(c.rate).toBe(0.086);
      expect(c.names).toEqual(["Arizona TPT", "Graham County excise tax", "Pima transaction privilege tax"]);
    });

    it("Kearny 85137 (Pinal County): 3% until 2019-12-31 (Pinal County's rate of then is not held: 8.6%), Ordinance No. 19-213's 4% from 2020-01-01, with the county's 1.1% today", async () => {
      expect((await charged("AZ", "85137", "Kearny", "2019-12-31")).rate).toBe(0.086);
      const c = await charged("AZ", "85137", "Kearny", "2026-03-15");
      expect(c.rate).toBe(0.107);
      expect(c.names).toContain("Kearny transaction privilege tax");
    });

    it("Wellton 85356 (Yuma County): the town's 3.5% from 2022-07-01 (Ordinance No. 143), not before", async () => {
      expect((await charged("AZ", "85356", "Wellton", "2022-06-30")).names).not.toContain(
        "Wellton transaction privilege tax",
      );
      expect((await charged("AZ", "85356", "Wellton", "2026-03-15")).names).toContain(
        "Wellton transaction privilege tax",
      );
    });

    it("Eagar 85925, St. Johns 85936 and Clifton 85533: each town's 3% with its county's excise tax", async () => {
      expect((await charged("AZ", "85925", "Eagar", "2026-03-15")).rate).toBe(0.091);
      expect((await charged("AZ", "85936", "St. Johns", "2026-03-15")).rate).toBe(0.091);
      expect((await charged("AZ", "85533", "Clifton", "2026-03-15")).rate).toBe(0.091);
    });

    it("Gila Bend 85337 (Maricopa County): the town's 3.5% (since 2016-07-01) with the county's 0.7%: 9.8%", async () => {
      const c = await charged("AZ", "85337", "Gila Bend", "2026-03-15");
      expect(c.rate).toBe(0.098);
      expect(c.names).toContain("Gila Bend transaction privilege tax");
    });

    it("Youngtown 85363 (Maricopa County): the town's 3% with the county's 0.7%: 9.3%, from the profile edition of January 2023", async () => {
      const c = await charged("AZ", "85363", "Youngtown");
      expect(c.rate).toBe(0.093);
      expect(c.names).toContain("Youngtown transaction privilege tax");
      expect((await charged("AZ", "85363", "Youngtown", "2022-12-31")).names).not.toContain(
        "Youngtown transaction privilege tax",
      );
    });

    it("Youngtown taxes food for home consumption at its 3% (business code 062); the state and county exempt it", async () => {
      const food = await charged("AZ", "85363", "Youngtown", TODAY, "GROCERIES");
      expect(food.rate).toBe(0.03);
    });

    it("Tombstone 85638 (Cochise County): the city's 3.5% from 2013-07-01; Cochise County's excise tax rises from 0.5% to 1% on 2026-07-01", async () => {
      expect((await charged("AZ", "85638", "Tombstone", "2026-06-30")).rate).toBe(0.096);
      const after = await charged("AZ", "85638", "Tombstone", "2026-07-01");
      expect(after.rate).toBe(0.101);
      expect(after.names).toContain("Tombstone transaction privilege tax");
    });
  });

  describe("California: CDTFA's rate of the place the address is in, not the ZIP table's neighbouring city", () => {
    it("San Francisco 94112 (wholly in the city and county by the Census): 8.625%, not Daly City's 9.875% the ZIP table names", async () => {
      const c = await charged("CA", "94112", "San Francisco", "2026-03-15");
      expect(c.rate).toBe(0.08625);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Gardena is not reached by 90044 (Census ZCTA): an address naming it falls back to the ZIP's Los Angeles, 9.75%", async () => {
      expect((await charged("CA", "90044", "Gardena", "2026-03-15")).rate).toBe(0.0975);
    });
  });

  describe("Minnesota: the St. Cloud Area tax in the six cities of its 2005 session law, and two city codes named", () => {
    it("Sartell 56377 (Stearns County): the St. Cloud Area 0.5% with the county's 0.25% and 0.375%: 8%", async () => {
      const c = await charged("MN", "56377", "Sartell", "2026-03-15");
      expect(c.rate).toBe(0.08);
      expect(c.names).toContain("St. Cloud Area sales tax");
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Waite Park 56387: the area tax, and the city's own 0.5% from 2023-04-01 (code 67612)", async () => {
      expect((await charged("MN", "56387", "Waite Park", "2023-03-31")).rate).toBe(0.07625);
      const after = await charged("MN", "56387", "Waite Park", "2026-03-15");
      expect(after.rate).toBe(0.085);
      expect(after.names).toEqual(expect.arrayContaining(["St. Cloud Area sales tax", "Waite Park sales tax"]));
    });

    it("St. Peter 56082 (Nicollet County): the city's 0.5% from 2022-07-01 (code 58036)", async () => {
      expect((await charged("MN", "56082", "St. Peter", "2022-06-30")).names).not.toContain("St. Peter sales tax");
      const after = await charged("MN", "56082", "St. Peter", "2026-03-15");
      expect(after.rate).toBe(0.07875);
      expect(after.names).toContain("St. Peter sales tax");
    });
  });

  describe("Minnesota city codes named by an official text on the city's tax", () => {
    it("Rogers 55374 (Hennepin County): the city's 0.25% from 2019-10-01 (code 55186) on Hennepin County's taxes: 8.775%", async () => {
      expect((await charged("MN", "55374", "Rogers", "2019-09-30")).names).not.toContain("Rogers sales tax");
      const c = await charged("MN", "55374", "Rogers", "2026-03-15");
      expect(c.rate).toBe(0.08775);
      expect(c.names).toContain("Rogers sales tax");
    });

    it("Golden Valley, named on an address of 55416 (postal city Minneapolis): the city's 1.25% from 2024-04-01 instead of Minneapolis's 0.5%", async () => {
      const c = await charged("MN", "55416", "Golden Valley", "2026-03-15");
      expect(c.rate).toBe(0.09775);
      expect(c.names).toContain("Golden Valley sales tax");
      expect(c.names).not.toContain("Minneapolis");
      expect((await charged("MN", "55416", "Golden Valley", "2024-03-31")).rate).toBe(0.08525);
    });

    it("Cambridge 55008 (Isanti County): the city's 0.5% from 2019-10-01 (code 09370): 7.875%", async () => {
      expect((await charged("MN", "55008", "Cambridge", "2026-03-15")).rate).toBe(0.07875);
    });

    it("Willmar 56201 (Kandiyohi County): the city's 0.5% from 2019-10-01 (code 70420, SF 1474 of 2019): 7.875%", async () => {
      expect((await charged("MN", "56201", "Willmar", "2019-09-30")).names).not.toContain("Willmar sales tax");
      const c = await charged("MN", "56201", "Willmar", "2026-03-15");
      expect(c.rate).toBe(0.07875);
      expect(c.names).toContain("Willmar sales tax");
      expect(c.coverage).toBe("PARTIAL");
    });

    it("International Falls 56649 and Two Harbors 55616: each city's 1% (codes 31040 and 65956): 8.375%", async () => {
      expect((await charged("MN", "56649", "International Falls", "2026-03-15")).rate).toBe(0.08375);
      expect((await charged("MN", "55616", "Two Harbors", "2026-03-15")).rate).toBe(0.08375);
    });

    it("East Grand Forks 56721 (Polk County): the city's 1% from 2025-07-01 (code 17612), not before", async () => {
      expect((await charged("MN", "56721", "East Grand Forks", "2025-06-30")).names).not.toContain(
        "East Grand Forks sales tax",
      );
      expect((await charged("MN", "56721", "East Grand Forks", "2026-03-15")).rate).toBe(0.08375);
    });

    it("Fairmont 56031 (Martin County): the city's 0.5% from 2017-10-01 (code 20330, S.F. 698 of 2017): 7.875%", async () => {
      const c = await charged("MN", "56031", "Fairmont", "2026-03-15");
      expect(c.rate).toBe(0.07875);
      expect(c.names).toContain("Fairmont sales tax");
    });
  });

  describe("Alabama: an answer the notes explain", () => {
    it("Enterprise 36330 (Coffee County): ALDOR's 4% state, 1% county and 4% city: 9%, against the ZIP table's 10%", async () => {
      const c = await charged("AL", "36330", "Enterprise", "2026-03-15");
      expect(c.rate).toBe(0.09);
      expect(c.coverage).toBe("PARTIAL");
    });
  });
});
