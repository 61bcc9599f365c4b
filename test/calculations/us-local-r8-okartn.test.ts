// Researched local sales taxes of round 8, group okartn (OK, AR, TN) through the gateway in
// embedded mode: the combined rate, the jurisdictions charged and the coverage for addresses
// whose ZIP lies in a known county and city, and the rate before and after a dated change.
// The rates come from the publications cited in services/calc-engine/data/us-local-<st>.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 8 group okartn (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r8 okartn", TODAY);

  describe("Oklahoma: Cherokee County and Tahlequah", () => {
    it("Tahlequah 74464 (Cherokee County 1.75%, the city's 3.25%): 9.5%, PARTIAL", async () => {
      const c = await charged("OK", "74464", "Tahlequah");
      expect(c.rate).toBe(0.095);
      expect(c.tax).toBe(9500);
      expect(c.names).toEqual(["Cherokee County", "Oklahoma", "Tahlequah"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Tahlequah in 2019 Q4, between the end of one half-cent street tax and the start of the next: 9%", async () => {
      expect((await charged("OK", "74464", "Tahlequah", "2019-09-30")).rate).toBe(0.095);
      expect((await charged("OK", "74464", "Tahlequah", "2019-10-01")).rate).toBe(0.09);
      expect((await charged("OK", "74464", "Tahlequah", "2019-12-31")).rate).toBe(0.09);
      expect((await charged("OK", "74464", "Tahlequah", "2020-01-01")).rate).toBe(0.095);
    });
  });

  describe("Oklahoma: the Commission's 2022-2023 figures for the eastern counties", () => {
    it("Sallisaw 74955 (Sequoyah County 1.417%, the city's 4%): 9.917%, PARTIAL", async () => {
      const c = await charged("OK", "74955", "Sallisaw");
      expect(c.rate).toBe(0.09917);
      expect(c.names).toEqual(["Oklahoma", "Sallisaw", "Sequoyah County"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Poteau 74953: Le Flore County's 2% until June 2025, 2.3% from July 2025, with the city's 3%", async () => {
      expect((await charged("OK", "74953", "Poteau", "2025-06-30")).rate).toBe(0.095);
      const c = await charged("OK", "74953", "Poteau");
      expect(c.rate).toBe(0.098);
      expect(c.names).toEqual(["Le Flore County", "Oklahoma", "Poteau"]);
    });

    it("Webbers Falls 74470: Muskogee County's 0.65% until March 2025, 1.499% from April 2025, with the town's 5.5%", async () => {
      expect((await charged("OK", "74470", "Webbers Falls", "2025-03-31")).rate).toBe(0.1065);
      expect((await charged("OK", "74470", "Webbers Falls")).rate).toBe(0.11499);
    });

    it("Muskogee 74403: the city's 4% with Muskogee County's 0.65%, 1.499% from April 2025", async () => {
      expect((await charged("OK", "74403", "Muskogee", "2025-03-31")).rate).toBe(0.0915);
      const c = await charged("OK", "74403", "Muskogee");
      expect(c.rate).toBe(0.09999);
      expect(c.names).toEqual(["Muskogee", "Muskogee County", "Oklahoma"]);
    });

    it("Ada 74820 (Pontotoc County 0.875%, the city's 4%): 9.375%; Calera 74730 (Bryan County 0.5%, no city tax held): 5%", async () => {
      const ada = await charged("OK", "74820", "Ada");
      expect(ada.rate).toBe(0.09375);
      expect(ada.names).toEqual(["Ada", "Oklahoma", "Pontotoc County"]);
      expect((await charged("OK", "74730", "Calera")).names).toContain("Bryan County");
      expect((await charged("OK", "74731", "Cartwright")).rate).toBe(0.05);
    });

    it("Boley 74829 (Okfuskee County 2%, the town's 5%): 11.5%", async () => {
      const c = await charged("OK", "74829", "Boley");
      expect(c.rate).toBe(0.115);
      expect(c.names).toEqual(["Boley", "Okfuskee County", "Oklahoma"]);
    });

    it("Checotah 74426 (McIntosh County 2%, the city's 4%): 10.5%; Eufaula 74432 (3.5%): 10%", async () => {
      expect((await charged("OK", "74426", "Checotah")).rate).toBe(0.105);
      expect((await charged("OK", "74432", "Eufaula")).rate).toBe(0.1);
    });

    it("Stigler 74462 (Haskell County 2%, the city's 3.5%): 10%; Roland 74954 (Sequoyah County, 4%): 9.917%", async () => {
      expect((await charged("OK", "74462", "Stigler")).rate).toBe(0.1);
      expect((await charged("OK", "74954", "Roland")).rate).toBe(0.09917);
    });
  });

  describe("Oklahoma: Rogers County and McAlester", () => {
    it("Claremore 74017: Rogers County's 1.5% with the city's 3%, 4% from its July 2025 increase", async () => {
      expect((await charged("OK", "74017", "Claremore", "2025-06-30")).rate).toBe(0.09);
      const c = await charged("OK", "74017", "Claremore");
      expect(c.rate).toBe(0.1);
      expect(c.names).toEqual(["Claremore sales tax", "Oklahoma", "Rogers County"]);
    });

    it("McAlester 74501: the city's 3.75% until 2021, 4% from 2022-01-01 (Pittsburg County not held)", async () => {
      expect((await charged("OK", "74501", "McAlester", "2021-12-31")).rate).toBe(0.0825);
      const c = await charged("OK", "74501", "McAlester");
      expect(c.rate).toBe(0.085);
      expect(c.names).toEqual(["McAlester", "Oklahoma"]);
    });
  });

  describe("Arkansas: Baxter County", () => {
    it("Mountain Home 72653 (Baxter County 1.25%, the city's 2.125%): 9.875%, PARTIAL", async () => {
      const c = await charged("AR", "72653", "Mountain Home");
      expect(c.rate).toBe(0.09875);
      expect(c.names).toEqual(["Arkansas", "Baxter County", "Mountain Home"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Midway 72651, outside any city tax: the state's 6.5% and Baxter County's 1.25%", async () => {
      const c = await charged("AR", "72651", "Midway");
      expect(c.rate).toBe(0.0775);
      expect(c.names).toEqual(["Arkansas", "Baxter County"]);
    });

    it("Baxter County is charged from the data's first day (the Treasurer's ledgers of 2019)", async () => {
      expect((await charged("AR", "72651", "Midway", "2019-01-01")).rate).toBe(0.0775);
    });
  });

  describe("Arkansas: Crawford County's and Alma's lapsed taxes of 2023 Q4", () => {
    it("Chester 72934 (no city tax): 7.75% before October 2023, 6.75% in 2023 Q4, 7.75% again from 2024", async () => {
      expect((await charged("AR", "72934", "Chester", "2023-09-30")).rate).toBe(0.0775);
      expect((await charged("AR", "72934", "Chester", "2023-10-01")).rate).toBe(0.0675);
      expect((await charged("AR", "72934", "Chester", "2023-12-31")).rate).toBe(0.0675);
      const c = await charged("AR", "72934", "Chester");
      expect(c.rate).toBe(0.0775);
      expect(c.names).toEqual(["Arkansas", "Crawford County"]);
    });

    it("Alma 72921: its renewed 1% (voted 2023-08-08) starts on 2024-01-01, after a quarter at 1%: 9.75% now", async () => {
      expect((await charged("AR", "72921", "Alma", "2023-09-30")).rate).toBe(0.0975);
      expect((await charged("AR", "72921", "Alma", "2023-10-01")).rate).toBe(0.0775);
      const c = await charged("AR", "72921", "Alma");
      expect(c.rate).toBe(0.0975);
      expect(c.names).toEqual(["Alma", "Arkansas", "Crawford County"]);
    });
  });

  describe("Tennessee: Cannon and Lewis counties, Atoka and Munford", () => {
    it("Woodbury 37190 (Cannon County): 9.75% from 2024-06-01, only the state's 7% before (earlier rate not read)", async () => {
      const c = await charged("TN", "37190", "Woodbury");
      expect(c.rate).toBe(0.0975);
      expect(c.names).toEqual(["Cannon County", "Tennessee"]);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("TN", "37190", "Woodbury", "2024-05-31")).rate).toBe(0.07);
      expect((await charged("TN", "37190", "Woodbury", "2024-06-01")).rate).toBe(0.0975);
    });

    it("Hohenwald 38462 (Lewis County): 9.75% from 2022-11-01", async () => {
      const c = await charged("TN", "38462", "Hohenwald");
      expect(c.rate).toBe(0.0975);
      expect(c.names).toEqual(["Lewis County", "Tennessee"]);
      expect((await charged("TN", "38462", "Hohenwald", "2022-10-31")).rate).toBe(0.07);
    });

    it("Atoka 38004 and Munford 38058 (Tipton County not held): the cities' whole 2.75%, in force since 2013-11-01", async () => {
      const atoka = await charged("TN", "38004", "Atoka");
      expect(atoka.rate).toBe(0.0975);
      expect(atoka.names).toEqual(["Atoka", "Tennessee"]);
      const munford = await charged("TN", "38058", "Munford");
      expect(munford.rate).toBe(0.0975);
      expect(munford.names).toEqual(["Munford", "Tennessee"]);
      expect((await charged("TN", "38004", "Atoka", "2019-01-01")).rate).toBe(0.0975);
    });
  });
});
