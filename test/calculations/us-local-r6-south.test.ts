// Researched local sales taxes of round 6, group "south" (AZ, LA and NM; AL got no new data)
// through the gateway in embedded mode: the combined rate, the jurisdictions charged and the
// coverage for addresses whose ZIP lies in a known county and city (SimpleMaps ZIP data). The
// rates come from the publications cited in services/calc-engine/data/us-local-az.json, us-local-la.json and
// us-local-nm.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 6 group south (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r6 south", TODAY);

  describe("Arizona county excise taxes (ADOR's TPT rate tables of 2026)", () => {
    it("Nogales 85621: Santa Cruz County's 1% with the city's 2% (8.6%) from 2026-01-01, the city's 7.6% the day before", async () => {
      const c = await charged("AZ", "85621", "Nogales");
      expect(c.rate).toBe(0.086);
      expect(c.names).toEqual(["Arizona TPT", "Nogales transaction privilege tax", "Santa Cruz County excise tax"]);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("AZ", "85621", "Nogales", "2025-12-31")).rate).toBe(0.076);
    });

    it("Flagstaff 86001: Coconino County's 1.3% on the state's 5.6%, with the city's 2.486% (round 7): 9.386%", async () => {
      const c = await charged("AZ", "86001", "Flagstaff");
      expect(c.rate).toBe(0.09386);
      expect(c.names).toContain("Coconino County excise tax");
    });

    it("Payson 85541: Gila County's 1% and the town's 3.88%: 10.48%", async () => {
      expect((await charged("AZ", "85541", "Payson")).rate).toBe(0.1048);
    });

    it("Sierra Vista 85635: Cochise County 0.5% until 2026-06-30 (8.05%), 1% from 2026-07-01 (8.55%)", async () => {
      expect((await charged("AZ", "85635", "Sierra Vista", "2026-06-30")).rate).toBe(0.0805);
      expect((await charged("AZ", "85635", "Sierra Vista", "2026-07-01")).rate).toBe(0.0855);
    });

    it("Groceries in Show Low 85901: county excise follows the state base, so Navajo County exempts food", async () => {
      const food = await charged("AZ", "85901", "Show Low", TODAY, "GROCERIES");
      expect(food.tax).toBe(0);
      expect((await charged("AZ", "85901", "Show Low")).rate).toBe(0.0643);
    });
  });

  describe("Arizona cities and towns (ADOR Model City Tax Code profiles)", () => {
    it("Kingman 86401 (Mohave County levies none): 8.1% until 2026-08-31, 8.6% from Ordinance 2003's 2026-09-01", async () => {
      expect((await charged("AZ", "86401", "Kingman", "2026-08-31")).rate).toBe(0.081);
      const after = await charged("AZ", "86401", "Kingman", "2026-09-01");
      expect(after.rate).toBe(0.086);
      expect(after.names).toEqual(["Arizona TPT", "Kingman transaction privilege tax"]);
    });

    it("Sedona 86336 (Yavapai County 0.75%): the city's 3.5% (since 2018-03-01): 9.85%", async () => {
      expect((await charged("AZ", "86336", "Sedona")).rate).toBe(0.0985);
    });

    it("Camp Verde 86322: the town's 3.65% with Yavapai County's 0.75%: 10%", async () => {
      const c = await charged("AZ", "86322", "Camp Verde");
      expect(c.rate).toBe(0.1);
      expect(c.names).toEqual(["Arizona TPT", "Camp Verde transaction privilege tax", "Yavapai County excise tax"]);
    });

    it("Eloy 85131 (Pinal County 1.1%): 9.7%; food for home consumption bears only the city's 2%", async () => {
      expect((await charged("AZ", "85131", "Eloy")).rate).toBe(0.097);
      const food = await charged("AZ", "85131", "Eloy", TODAY, "GROCERIES");
      expect(food.tax).toBe(2_000);
    });

    it("Globe 85501: the city's 3.3% of 2022-08-01 with Gila County's 1% (9.9%); 7.9% with its 2.3% on 2022-07-31 (Gila County held from 2026 only)", async () => {
      expect((await charged("AZ", "85501", "Globe", "2026-01-01")).rate).toBe(0.099);
      const before = await charged("AZ", "85501", "Globe", "2022-07-31");
      expect(before.rate).toBe(0.079);
      expect(before.names).toEqual(["Arizona TPT", "Globe transaction privilege tax"]);
    });

    it("Carefree 85377 (Maricopa County 0.7%): 9.3%; groceries bear only the town's 2%", async () => {
      expect((await charged("AZ", "85377", "Carefree")).rate).toBe(0.093);
      const food = await charged("AZ", "85377", "Carefree", TODAY, "GROCERIES");
      expect(food.tax).toBe(2_000);
    });

    it("Wickenburg 85390 (Maricopa County 0.7%): the town's 2.2%: 8.5%", async () => {
      expect((await charged("AZ", "85390", "Wickenburg")).rate).toBe(0.085);
    });
  });

  describe("Louisiana parishes (each parish collector's dated rate table)", () => {
    it("Hammond 70401 (Tangipahoa): parish 3%, EFID 0.5% from 2021-07-01, city 2%: 10.5%; 9.45% under the 4.45% state rate the day before", async () => {
      const c = await charged("LA", "70401", "Hammond");
      expect(c.rate).toBe(0.105);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("LA", "70401", "Hammond", "2021-06-30")).rate).toBe(0.0945);
    });

    it("Hammond groceries: exempt from the state's rate and the EFID's 0.5%, the parish's 3% and the city's 2% apply", async () => {
      const food = await charged("LA", "70401", "Hammond", TODAY, "GROCERIES");
      expect(food.tax).toBe(5_000);
    });

    it("Franklinton 70438 (Washington Parish): 10.5% until the EFID's 1% of 2025-04-01, 11.5% after; Bogalusa 70427: 10.493%", async () => {
      expect((await charged("LA", "70438", "Franklinton", "2025-03-31")).rate).toBe(0.105);
      expect((await charged("LA", "70438", "Franklinton")).rate).toBe(0.115);
      expect((await charged("LA", "70427", "Bogalusa")).rate).toBe(0.10493);
    });

    it("Ruston 71270 (Lincoln Parish 3.5%, city 2.5%, no fire district tax): 11%", async () => {
      const c = await charged("LA", "71270", "Ruston");
      expect(c.rate).toBe(0.11);
      expect(c.names).not.toContain("Lincoln Parish fire district sales tax");
    });

    it("Oak Grove 71263 (West Carroll): 10.45% before the Sheriff's 0.5% of 2022-10-01, 10.95% after", async () => {
      expect((await charged("LA", "71263", "Oak Grove", "2022-09-30")).rate).toBe(0.1045);
      expect((await charged("LA", "71263", "Oak Grove", "2022-10-01")).rate).toBe(0.1095);
    });

    it("LaPlace 70068 (St. John the Baptist, 5.25% parish-wide): 10.25%; Alexandria 71301 (Rapides): 10.5%; Boyce 71409: 11%", async () => {
      expect((await charged("LA", "70068", "La Place")).rate).toBe(0.1025);
      expect((await charged("LA", "71301", "Alexandria")).rate).toBe(0.105);
      expect((await charged("LA", "71409", "Boyce")).rate).toBe(0.11);
    });

    it("Ascension: Sorrento 70778 9.5% (4.5% local), Donaldsonville 70346 10% (5.0% local)", async () => {
      expect((await charged("LA", "70778", "Sorrento")).rate).toBe(0.095);
      expect((await charged("LA", "70346", "Donaldsonville")).rate).toBe(0.1);
    });
  });

  describe("Louisiana: Morehouse and Tensas parishes (their collectors' tables of 2018-2025)", () => {
    it("Bonita 71223 (Morehouse): 9.95% before the village's 2.5% of 2024-07-01, 11% now (parish 3% + village and district 3%)", async () => {
      expect((await charged("LA", "71223", "Bonita", "2024-06-30")).rate).toBe(0.0995);
      const c = await charged("LA", "71223", "Bonita");
      expect(c.rate).toBe(0.11);
      expect(c.names).not.toContain("Morehouse Parish Sub-district #1 sales tax");
    });

    it("Newellton 71357 (Tensas): 10.45% before the Schools EFI District's 0.5% of 2024-01-01, 11.5% now", async () => {
      expect((await charged("LA", "71357", "Newellton", "2023-12-31")).rate).toBe(0.1045);
      expect((await charged("LA", "71357", "Newellton")).rate).toBe(0.115);
    });
  });

  describe("New Mexico locations (TRD's Gross Receipts Tax Rate Schedules of 2020 and 2022)", () => {
    it("Carlsbad 88220: the location's 2.5208% increment on the state's 4.875%: 7.3958%; 7.6458% under 2021's 5.125%", async () => {
      const c = await charged("NM", "88220", "Carlsbad");
      expect(c.rate).toBe(0.073958);
      expect(c.names).toEqual(["Carlsbad local GRT", "New Mexico GRT"]);
      expect(c.coverage).toBe("PARTIAL");
      expect((await charged("NM", "88220", "Carlsbad", "2021-06-01")).rate).toBe(0.076458);
    });

    it("Artesia 88210: 7.6458%; Loving 88256: 7.3833% (the city entries replace Eddy County's remainder rate)", async () => {
      expect((await charged("NM", "88210", "Artesia")).rate).toBe(0.076458);
      const loving = await charged("NM", "88256", "Loving");
      expect(loving.rate).toBe(0.073833);
      expect(loving.names).not.toContain("Eddy County local GRT");
    });

    it("Groceries in Carlsbad: the food deduction covers the local increments too", async () => {
      const food = await charged("NM", "88220", "Carlsbad", TODAY, "GROCERIES");
      expect(food.tax).toBe(0);
    });
  });
});
