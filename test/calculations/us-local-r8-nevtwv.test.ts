// Researched local sales taxes of round 8, group "nevtwv" (NE, VT, WV) through the gateway in
// embedded mode: the combined rate, the jurisdictions charged and the coverage for addresses
// whose ZIP lies in a known county and city (SimpleMaps ZIP data), before and after each dated
// start. The rates come from the publications cited in
// services/calc-engine/data/us-local-{ne,vt,wv}.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const DAY = "2026-03-15";

describe("US local sales taxes, round 8 group nevtwv (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r8 nevtwv", DAY);

  describe("Nebraska: Elkhorn inside Omaha, Gibbon's code, South Sioux City's statement", () => {
    it("Elkhorn 68022: Omaha's 1.5% on the annexed former city's postal name (7%), PARTIAL", async () => {
      const c = await charged("NE", "68022", "Elkhorn");
      expect(c.rate).toBe(0.07);
      expect(c.names).toEqual(["Elkhorn", "Nebraska"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Elkhorn before 2023-01-01: nothing, as Omaha's own entry starts then (5.5%)", async () => {
      expect((await charged("NE", "68022", "Elkhorn", "2022-12-31")).rate).toBe(0.055);
    });

    it("Gibbon 68840: 1.5% from 2021-04-01, the first quarter after Ord. 620 (7%); the earlier 1% is not held", async () => {
      expect((await charged("NE", "68840", "Gibbon", "2021-03-31")).rate).toBe(0.055);
      const c = await charged("NE", "68840", "Gibbon", "2021-04-01");
      expect(c.rate).toBe(0.07);
      expect(c.names).toEqual(["Gibbon", "Nebraska"]);
    });
    it("South Sioux City 68776: the city's 1.5% from the quarter of its 2018 joint press release (7%), 5.5% on 2018-06-30", async () => {
      expect((await charged("NE", "68776", "South Sioux City", "2018-06-30")).rate).toBe(0.055);
      const c = await charged("NE", "68776", "South Sioux City");
      expect(c.rate).toBe(0.07);
      expect(c.names).toEqual(["Nebraska", "South Sioux City"]);
    });
  });

  describe("Vermont: Hartford's and Montpelier's local option sales tax of the 2025 votes", () => {
    it("White River Junction 05001 (Town of Hartford): 6% until 2025-06-30, 7% from 2025-07-01, PARTIAL", async () => {
      expect((await charged("VT", "05001", "White River Junction", "2025-06-30")).rate).toBe(0.06);
      const c = await charged("VT", "05001", "White River Junction");
      expect(c.rate).toBe(0.07);
      expect(c.names).toEqual(["Vermont", "White River Junction"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Quechee 05059 and Wilder 05088, villages of Hartford: 7%", async () => {
      expect((await charged("VT", "05059", "Quechee")).rate).toBe(0.07);
      expect((await charged("VT", "05088", "Wilder")).rate).toBe(0.07);
    });

    it("Montpelier 05602: the city's 1% from 2025-07-01 (7%), 6% the day before", async () => {
      const c = await charged("VT", "05602", "Montpelier");
      expect(c.rate).toBe(0.07);
      expect(c.names).toEqual(["Montpelier", "Vermont"]);
      expect((await charged("VT", "05602", "Montpelier", "2025-06-30")).rate).toBe(0.06);
    });

    it("Norwich 05055, a town without the tax: 6%", async () => {
      expect((await charged("VT", "05055", "Norwich")).rate).toBe(0.06);
    });
  });

  describe("West Virginia: municipal sales taxes dated by reports of their starts", () => {
    it("Harpers Ferry 25425: the town's 1% (7%), PARTIAL, already on 2019-01-01 (West Virginia's data begin then; the tax since 2016-07-01)", async () => {
      const c = await charged("WV", "25425", "Harpers Ferry");
      expect(c.rate).toBe(0.07);
      expect(c.names).toEqual(["Harpers Ferry", "West Virginia"]);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("WV", "25425", "Harpers Ferry", "2019-01-01")).rate).toBe(0.07);
    });

    it("Grafton 26354: 7% (since 2016-07-01); Flemington 26347 nearby, not held: 6%", async () => {
      expect((await charged("WV", "26354", "Grafton", "2019-01-01")).rate).toBe(0.07);
      expect((await charged("WV", "26354", "Grafton")).rate).toBe(0.07);
      expect((await charged("WV", "26347", "Flemington")).rate).toBe(0.06);
    });

    it("Shinnston 26431 and Logan 25601: 6% until 2020-06-30, 7% from 2020-07-01", async () => {
      expect((await charged("WV", "26431", "Shinnston", "2020-06-30")).rate).toBe(0.06);
      expect((await charged("WV", "26431", "Shinnston", "2020-07-01")).rate).toBe(0.07);
      expect((await charged("WV", "25601", "Logan", "2020-06-30")).rate).toBe(0.06);
      const logan = await charged("WV", "25601", "Logan");
      expect(logan.rate).toBe(0.07);
      expect(logan.names).toEqual(["Logan", "West Virginia"]);
    });

    it("Hurricane 25526: the city's 1% from the quarter of the 2022 report of it in force (7%), 6% on 2021-12-31", async () => {
      expect((await charged("WV", "25526", "Hurricane", "2021-12-31")).rate).toBe(0.06);
      const c = await charged("WV", "25526", "Hurricane");
      expect(c.rate).toBe(0.07);
      expect(c.names).toEqual(["Hurricane", "West Virginia"]);
    });

    it("Shepherdstown 25443 (the town's notice) from 2017-07-01 and Fayetteville 25840 (its code) from 2022-07-01: 7%", async () => {
      expect((await charged("WV", "25443", "Shepherdstown")).rate).toBe(0.07);
      expect((await charged("WV", "25840", "Fayetteville", "2022-06-30")).rate).toBe(0.06);
      expect((await charged("WV", "25840", "Fayetteville", "2022-07-01")).rate).toBe(0.07);
    });

    it("Lewisburg 24901: 6% until 2023-06-30, the city's 1% from 2023-07-01", async () => {
      expect((await charged("WV", "24901", "Lewisburg", "2023-06-30")).rate).toBe(0.06);
      const c = await charged("WV", "24901", "Lewisburg");
      expect(c.rate).toBe(0.07);
      expect(c.names).toEqual(["Lewisburg", "West Virginia"]);
    });

    it("Williamstown 26187: the first municipal sales tax the State collected (since 2011-10-01): 7% from the first day of West Virginia's data", async () => {
      expect((await charged("WV", "26187", "Williamstown", "2019-01-01")).rate).toBe(0.07);
      const c = await charged("WV", "26187", "Williamstown");
      expect(c.rate).toBe(0.07);
      expect(c.names).toEqual(["West Virginia", "Williamstown"]);
    });
  });
});
