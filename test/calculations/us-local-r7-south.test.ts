// Round 7, group "south": Louisiana parishes added from their collectors' own rate tables,
// notices and return forms, through the gateway in embedded mode: combined rate, the
// jurisdictions charged, coverage, and dated changes. Rates and sources:
// services/calc-engine/data/us-local-la.json. (Tennessee, Georgia, South Carolina, North
// Carolina and Washington are unchanged this round: docs/accuracy-notes-r7-south.md.)
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 7 group south (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r7 south", TODAY);

  describe("East Baton Rouge Parish outside Baton Rouge (the central collector's tables of 2019-2021)", () => {
    it("Zachary 70791: the city's column 5.5% on the state's 5%: 10.5%", async () => {
      const c = await charged("LA", "70791", "Zachary");
      expect(c.rate).toBe(0.105);
      expect(c.names).toContain("Zachary");
      expect(c.names).not.toContain("East Baton Rouge Parish local sales tax");
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Baker 70714 and Central 70818: 6% columns: 11%", async () => {
      expect((await charged("LA", "70714", "Baker")).rate).toBe(0.11);
      expect((await charged("LA", "70818", "Central")).rate).toBe(0.11);
    });

    it("Central's groceries: the city's 'Food' line of 4.5% local (the state exempts food for home use)", async () => {
      const c = await charged("LA", "70818", "Central", TODAY, "GROCERIES");
      expect(c.names).toContain("Central");
      expect(c.tax).toBe(4500);
    });

    it("Baton Rouge 70802 keeps its own 5.5% and is not charged the parish balance: 10.5%", async () => {
      const c = await charged("LA", "70802", "Baton Rouge");
      expect(c.rate).toBe(0.105);
      expect(c.names).not.toContain("East Baton Rouge Parish local sales tax");
    });

    it("Greenwell Springs 70739 (unincorporated): the parish balance column 5.5%: 10.5%", async () => {
      const c = await charged("LA", "70739", "Greenwell Springs");
      expect(c.rate).toBe(0.105);
      expect(c.names).toContain("East Baton Rouge Parish local sales tax");
    });
  });

  describe("Parishes from their collectors' tables and return forms", () => {
    it("Minden 71055 (Webster Parish commission, 2015): parish 3% + Minden 2% + School District 6 0.5%: 10.5%", async () => {
      const c = await charged("LA", "71055", "Minden");
      expect(c.rate).toBe(0.105);
      expect(c.names).toEqual(["Louisiana", "Minden", "Webster Parish local sales tax"]);
    });

    it("Homer 71040 (Claiborne): the Police Jury's 1% is not levied in the town: 2.625% + 3.375% = 6% local, 11%", async () => {
      const c = await charged("LA", "71040", "Homer");
      expect(c.rate).toBe(0.11);
      expect(c.names).not.toContain("Claiborne Parish Police Jury sales tax");
    });

    it("Belle Chasse 70037 (Plaquemines): 4.5% general, 3.5% on food and drugs since 2020-07-01", async () => {
      expect((await charged("LA", "70037", "Belle Chasse")).rate).toBe(0.095);
      expect((await charged("LA", "70037", "Belle Chasse", TODAY, "GROCERIES")).tax).toBe(3500);
      expect((await charged("LA", "70037", "Belle Chasse", "2020-06-30", "GROCERIES")).tax).toBe(1500);
    });

    it("DeRidder 70634 (Beauregard Sheriff's return of 2023): 2.5% parish + 2.25% city, no Police Jury tax: 9.75%", async () => {
      const c = await charged("LA", "70634", "Deridder");
      expect(c.rate).toBe(0.0975);
      expect(c.names).toEqual(["Beauregard Parish local sales tax", "DeRidder", "Louisiana"]);
    });

    it("Denham Springs 70726 (Livingston return form): parish 4% + city 1.5%: 10.5%; the state's 4.45% alone before the form's date", async () => {
      const c = await charged("LA", "70726", "Denham Springs");
      expect(c.rate).toBe(0.105);
      expect(c.names).toEqual(["Denham Springs", "Livingston Parish local sales tax", "Louisiana"]);
      const before = await charged("LA", "70726", "Denham Springs", "2023-06-01");
      expect(before.rate).toBe(0.0445);
      expect(before.coverage).toBe("STATE_ONLY");
    });

    it("Chalmette 70043 (St. Bernard Sheriff's return): 5% parish-wide: 10%", async () => {
      expect((await charged("LA", "70043", "Chalmette")).rate).toBe(0.1);
    });

    it("Ville Platte 70586 (Evangeline form revised 2021-07-01): 6% in every column: 11%", async () => {
      expect((await charged("LA", "70586", "Ville Platte")).rate).toBe(0.11);
    });

    it("Oakdale 71463 (Allen form revised 2019-07-01): 6% column: 10.45% under the 4.45% state rate; nothing local the day before", async () => {
      expect((await charged("LA", "71463", "Oakdale", "2019-07-01")).rate).toBe(0.1045);
      expect((await charged("LA", "71463", "Oakdale", "2019-06-30")).rate).toBe(0.0445);
      expect((await charged("LA", "71463", "Oakdale")).rate).toBe(0.11);
    });

    it("Lutcher 70071 (St. James): Lutcher's additional 1% from 2018-07-01: 4.5% local, 9.5% today", async () => {
      expect((await charged("LA", "70071", "Lutcher", "2018-07-01")).rate).toBe(0.0895);
      expect((await charged("LA", "70071", "Lutcher")).rate).toBe(0.095);
    });

    it("Winnsboro 71295 (Franklin), Rayville 71269 (Richland), Farmerville 71241 (Union), Arcadia 71001 (Bienville), Jonesville 71343 (Catahoula)", async () => {
      expect((await charged("LA", "71295", "Winnsboro")).rate).toBe(0.11);
      expect((await charged("LA", "71269", "Rayville")).rate).toBe(0.105);
      expect((await charged("LA", "71241", "Farmerville")).rate).toBe(0.12);
      expect((await charged("LA", "71001", "Arcadia")).rate).toBe(0.105);
      expect((await charged("LA", "71343", "Jonesville")).rate).toBe(0.12);
    });
  });
});
