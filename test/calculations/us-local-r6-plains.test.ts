// Researched local sales taxes of round 6, group "plains" (IA NE KS ND SD WY AK) through the
// gateway in embedded mode: the combined rate and the jurisdictions charged for addresses
// whose ZIP lies in a known borough/county and city (SimpleMaps ZIP data). The rates come from
// the publications cited in services/calc-engine/data/us-local-<st>.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const DAY = "2026-03-15";

describe("US local sales taxes, round 6 group plains (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r6 plains", DAY);

  describe("Alaska (no state tax; borough and city taxes, the ARSSTC member list)", () => {
    it("Juneau 99801: the City and Borough's 5%, PARTIAL since not every municipality is held", async () => {
      const c = await charged("AK", "99801", "Juneau");
      expect(c.rate).toBe(0.05);
      expect(c.names).toContain("Juneau Borough");
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Soldotna 99669: Kenai Peninsula Borough's 3% and the city's 3% together (6%); Homer 99603: 7.85%", async () => {
      const c = await charged("AK", "99669", "Soldotna");
      expect(c.rate).toBe(0.06);
      expect(c.names).toEqual(expect.arrayContaining(["Kenai Peninsula Borough", "Soldotna"]));
      expect((await charged("AK", "99603", "Homer")).rate).toBe(0.0785);
    });

    it("Sterling 99672, outside any city: the borough's 3% alone", async () => {
      expect((await charged("AK", "99672", "Sterling")).rate).toBe(0.03);
    });

    it("Wasilla 99654: 2.5% (the Matanuska-Susitna Borough levies none); Kodiak 99615: 7%", async () => {
      expect((await charged("AK", "99654", "Wasilla")).rate).toBe(0.025);
      expect((await charged("AK", "99615", "Kodiak")).rate).toBe(0.07);
    });

    it("Ketchikan 99901: the city's seasonal rate over the borough's 2.5%: 5.5% in March, 8% in July", async () => {
      expect((await charged("AK", "99901", "Ketchikan", "2026-03-15")).rate).toBe(0.055);
      expect((await charged("AK", "99901", "Ketchikan", "2026-07-15")).rate).toBe(0.08);
    });

    it("Anchorage 99501: no general sales tax, nothing charged", async () => {
      expect((await charged("AK", "99501", "Anchorage")).rate).toBe(0);
    });

    it("Juneau before the list's dating (2025-12-31): no local rate held, state-only 0%", async () => {
      const c = await charged("AK", "99801", "Juneau", "2025-12-31");
      expect(c.rate).toBe(0);
    });
  });
  describe("South Dakota (municipal sales taxes administered by the Department of Revenue)", () => {
    it("Rapid City 57701: the city's 2% over the state's 4.2% (6.2%), PARTIAL", async () => {
      const c = await charged("SD", "57701", "Rapid City");
      expect(c.rate).toBe(0.062);
      expect(c.names).toEqual(["Rapid City", "South Dakota"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Pierre 57501 and Mitchell 57301: 6.2%; Spearfish 57783 in 2020, under the state's 4.5%: 6.5%", async () => {
      expect((await charged("SD", "57501", "Pierre")).rate).toBe(0.062);
      expect((await charged("SD", "57301", "Mitchell")).rate).toBe(0.062);
      expect((await charged("SD", "57783", "Spearfish", "2020-06-15")).rate).toBe(0.065);
    });

    it("Aurora 57002: the town's 1% until its increase of 2024-01-01 (5.2%), 2% after (6.2%)", async () => {
      expect((await charged("SD", "57002", "Aurora", "2023-12-31")).rate).toBe(0.052);
      expect((await charged("SD", "57002", "Aurora", "2024-01-01")).rate).toBe(0.062);
    });
  });

  describe("North Dakota (city and county taxes administered by the State Tax Commissioner)", () => {
    it("Fargo 58102: the city's 2% and Cass County's 0.5% over the state's 5% (7.5%), PARTIAL", async () => {
      const c = await charged("ND", "58102", "Fargo", "2025-12-31"); // 2.25% from the 2026 Q1 list (r8-mtn)
      expect(c.rate).toBe(0.075);
      expect(c.names).toEqual(["Cass County", "Fargo", "North Dakota"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Bismarck 58501 with Burleigh County: 7%; Grand Forks 58203: 7.25%; Dickinson 58601: 6.5%", async () => {
      expect((await charged("ND", "58501", "Bismarck")).rate).toBe(0.07);
      expect((await charged("ND", "58203", "Grand Forks")).rate).toBe(0.0725);
      expect((await charged("ND", "58601", "Dickinson")).rate).toBe(0.065);
    });

    it("Williston 58801: the city's 2% and Williams County's 1% (8%)", async () => {
      const c = await charged("ND", "58801", "Williston");
      expect(c.rate).toBe(0.08);
      expect(c.names).toEqual(["North Dakota", "Williams County", "Williston"]);
    });

    it("Devils Lake 58301: 7.25% before its increase of 2023-01-01, 7.5% after", async () => {
      expect((await charged("ND", "58301", "Devils Lake", "2022-12-31")).rate).toBe(0.0725);
      expect((await charged("ND", "58301", "Devils Lake", "2023-01-01")).rate).toBe(0.075);
    });
  });

  describe("Nebraska (city taxes administered by the Department of Revenue)", () => {
    it("Norfolk 68701: the city's 2% over the state's 5.5% (7.5%), PARTIAL", async () => {
      const c = await charged("NE", "68701", "Norfolk");
      expect(c.rate).toBe(0.075);
      expect(c.names).toEqual(["Nebraska", "Norfolk"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Papillion 68046: 7% before the additional 0.5% of 2017-01-01, 7.5% after", async () => {
      expect((await charged("NE", "68046", "Papillion", "2016-12-31")).rate).toBe(0.07);
      expect((await charged("NE", "68046", "Papillion", "2017-01-01")).rate).toBe(0.075);
    });

    it("Grand Island 68801: 7% until 2019-03-31, 7.5% from 2019-04-01; Bellevue 68005: 7%", async () => {
      expect((await charged("NE", "68801", "Grand Island", "2019-03-31")).rate).toBe(0.07);
      expect((await charged("NE", "68801", "Grand Island")).rate).toBe(0.075);
      expect((await charged("NE", "68005", "Bellevue")).rate).toBe(0.07);
    });
  });

  describe("Wyoming (county taxes administered by the Department of Revenue)", () => {
    it("Laramie 82070 (Albany County's 2%) and Jackson 83001 (Teton County's 2%): 6%, PARTIAL", async () => {
      const c = await charged("WY", "82070", "Laramie");
      expect(c.rate).toBe(0.06);
      expect(c.names).toEqual(["Albany County", "Wyoming"]);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("WY", "83001", "Jackson")).rate).toBe(0.06);
    });
  });
});
