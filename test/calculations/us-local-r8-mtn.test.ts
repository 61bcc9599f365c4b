// Researched local sales taxes of round 8, group "mtn" (UT, CO, NM, WY, ND, SD, NE; CO, NM and
// NE got no new data) through the gateway in embedded mode: the combined rate, the
// jurisdictions charged and the coverage for addresses whose ZIP lies in a known county and
// city (SimpleMaps ZIP data), before and after each dated change. The rates come from the
// publications cited in services/calc-engine/data/us-local-{ut,wy,nd,sd}.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const DAY = "2026-03-15";

describe("US local sales taxes, round 8 group mtn (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r8 mtn", DAY);

  describe("Utah: Utah and Davis counties' county-wide transit and highway taxes, cities' recreation taxes", () => {
    it("Orem 84057: Utah County's county-wide 2.5% and Orem's 0.1% CARE tax (7.45%, the city's own breakdown), PARTIAL", async () => {
      const c = await charged("UT", "84057", "Orem");
      expect(c.rate).toBe(0.0745);
      expect(c.names).toEqual(["Orem", "Utah", "Utah County"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Orem before 2023-07-01: only the 1.25% floor every Utah place levies (6.1%)", async () => {
      const c = await charged("UT", "84057", "Orem", "2023-06-30");
      expect(c.rate).toBe(0.061);
      expect(c.names).toEqual(["Utah", "Utah County"]);
    });

    it("Provo 84601 with its RAP tax: 7.45%; Eagle Mountain 84005, no city tax held: 7.35%", async () => {
      expect((await charged("UT", "84601", "Provo")).rate).toBe(0.0745);
      const eagle = await charged("UT", "84005", "Eagle Mountain");
      expect(eagle.rate).toBe(0.0735);
      expect(eagle.names).toEqual(["Utah", "Utah County"]);
    });

    it("Springville 84663: the PAR tax from 2022-04-01 (6.1% the day before, 6.2% on the day), 7.45% today", async () => {
      expect((await charged("UT", "84663", "Springville", "2022-03-31")).rate).toBe(0.061);
      expect((await charged("UT", "84663", "Springville", "2022-04-01")).rate).toBe(0.062);
      expect((await charged("UT", "84663", "Springville")).rate).toBe(0.0745);
    });

    it("Lehi 84043: its PARC tax from 2022-04-01 (6.1% the day before, 6.2% on the day), 7.45% today", async () => {
      expect((await charged("UT", "84043", "Lehi", "2022-03-31")).rate).toBe(0.061);
      expect((await charged("UT", "84043", "Lehi", "2022-04-01")).rate).toBe(0.062);
      const c = await charged("UT", "84043", "Lehi");
      expect(c.rate).toBe(0.0745);
      expect(c.names).toEqual(["Lehi", "Utah", "Utah County"]);
    });

    it("Spanish Fork 84660: its RAP tax from 2019-04-01 over the 1.25% floor (6.2%), 7.45% today", async () => {
      expect((await charged("UT", "84660", "Spanish Fork", "2019-04-01")).rate).toBe(0.062);
      expect((await charged("UT", "84660", "Spanish Fork")).rate).toBe(0.0745);
    });

    it("Groceries in Orem stay at Utah's uniform 3%: the transit taxes do not reach food", async () => {
      expect((await charged("UT", "84057", "Orem", DAY, "GROCERIES")).tax).toBe(3000);
    });

    it("Kaysville 84037 (Davis County): 6.1% until 2019-06-30, the county-wide 2.3% (7.15%) from the transportation tax of 2019-07-01, 7.25% with the RAMP tax of 2022-04-01", async () => {
      expect((await charged("UT", "84037", "Kaysville", "2019-06-30")).rate).toBe(0.061);
      expect((await charged("UT", "84037", "Kaysville", "2022-03-31")).rate).toBe(0.0715);
      const c = await charged("UT", "84037", "Kaysville");
      expect(c.rate).toBe(0.0725);
      expect(c.names).toEqual(["Davis County", "Kaysville", "Utah"]);
    });

    it("Layton 84041: Davis County's 2.3% and the city's RAMP tax (7.25%) until 2026-03-31; the RAMP tax ends after its ten years (7.15%)", async () => {
      const c = await charged("UT", "84041", "Layton");
      expect(c.rate).toBe(0.0725);
      expect(c.names).toEqual(["Davis County", "Layton", "Utah"]);
      expect((await charged("UT", "84041", "Layton", "2026-04-01")).rate).toBe(0.0715);
    });

    it("Ogden 84401 (Weber County): the 1.25% floor, and Weber County's 0.2% from 2026-10-01 (6.3%)", async () => {
      expect((await charged("UT", "84401", "Ogden", "2026-09-30")).rate).toBe(0.061);
      expect((await charged("UT", "84401", "Ogden", "2026-10-01")).rate).toBe(0.063);
    });
  });

  describe("Wyoming: Laramie and Sweetwater counties' general and specific purpose taxes", () => {
    it("Cheyenne 82001: 6% to 2021-09-30, 5% in the sixth-penny holiday, 6% again from 2022-04-01, PARTIAL", async () => {
      expect((await charged("WY", "82001", "Cheyenne", "2021-09-30")).rate).toBe(0.06);
      expect((await charged("WY", "82001", "Cheyenne", "2021-12-15")).rate).toBe(0.05);
      const c = await charged("WY", "82001", "Cheyenne");
      expect(c.rate).toBe(0.06);
      expect(c.names).toEqual(["Laramie County", "Wyoming"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Rock Springs 82901 (Sweetwater County): 5% until 2023-03-31, 6% from the specific purpose tax of 2023-04-01", async () => {
      expect((await charged("WY", "82901", "Rock Springs", "2023-03-31")).rate).toBe(0.05);
      expect((await charged("WY", "82901", "Rock Springs")).rate).toBe(0.06);
    });
  });

  describe("North Dakota: Fargo on the Tax Commissioner's 2026 Q1 list", () => {
    it("Fargo 58102: 7.5% on 2025-12-31, 7.75% from 2026-01-01 (the city's 2.25% with Cass County's 0.5%)", async () => {
      expect((await charged("ND", "58102", "Fargo", "2025-12-31")).rate).toBe(0.075);
      const c = await charged("ND", "58102", "Fargo", "2026-01-01");
      expect(c.rate).toBe(0.0775);
      expect(c.names).toEqual(["Cass County", "Fargo", "North Dakota"]);
      expect(c.coverage).toBe("PARTIAL");
    });
  });

  describe("Nebraska: the village of Sutherland's code", () => {
    it("Sutherland 69165: none before 2023, 1.5% from 2023-01-01 (7%)", async () => {
      expect((await charged("NE", "69165", "Sutherland", "2022-12-31")).rate).toBe(0.055);
      const c = await charged("NE", "69165", "Sutherland");
      expect(c.rate).toBe(0.07);
      expect(c.names).toEqual(["Nebraska", "Sutherland"]);
    });
  });

  describe("South Dakota: municipal taxes at the 2% maximum", () => {
    it("Aberdeen 57401: the city's 2% from the Department's 2026 rates (6.2%), only the state's 4.2% before", async () => {
      const c = await charged("SD", "57401", "Aberdeen");
      expect(c.rate).toBe(0.062);
      expect(c.names).toEqual(["Aberdeen", "South Dakota"]);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("SD", "57401", "Aberdeen", "2025-12-31")).rate).toBe(0.042);
    });

    it("Humboldt 57035: its 2% since 2006 (6.2%)", async () => {
      expect((await charged("SD", "57035", "Humboldt")).rate).toBe(0.062);
    });
  });
});
