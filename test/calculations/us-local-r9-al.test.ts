// Researched Alabama local sales taxes of round 9, group "al", through the gateway in embedded
// mode: the combined rate, the jurisdictions charged and the coverage for addresses in a known
// county and city. Sources are cited per period in services/calc-engine/data/us-local-al.json
// (Morgan County's own return form, the Avenu-collected cities' return, ALDOR's PJ-rate table,
// the cities' own pages and returns); docs/accuracy-notes-r9-al.md explains the choices.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";
const MARCH = "2026-03-15";

describe("US local sales taxes, round 9 group al (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r9 al", TODAY);

  describe("Morgan County's 1% inside Decatur, Hartselle, Falkville and Trinity (its return form)", () => {
    it("Decatur 35601: state 4%, Morgan County 1% and the city's 4%: 9%", async () => {
      const c = await charged("AL", "35601", "Decatur", MARCH);
      expect(c.rate).toBe(0.09);
      expect(c.names).toEqual(["Alabama", "Decatur", "Morgan County"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Hartselle 35640: the County's 1% is charged; the city's own tax is not held (5%, PARTIAL)", async () => {
      const c = await charged("AL", "35640", "Hartselle", MARCH);
      expect(c.rate).toBe(0.05);
      expect(c.names).toEqual(["Alabama", "Morgan County"]);
      expect(c.coverage).toBe("PARTIAL");
    });
  });

  describe("Cities whose tax Avenu collects (its return, the edition of May/June 2022)", () => {
    it("Albertville 35951 (Marshall County): the city's 5% with the County's in-city 1%: 10%", async () => {
      const c = await charged("AL", "35951", "Albertville", MARCH);
      expect(c.rate).toBe(0.1);
      expect(c.names).toEqual(["Alabama", "Albertville", "Marshall County"]);
    });

    it("Arab 35016 (Marshall County): 10%, not the 12.5% of Arab's Cullman County part", async () => {
      const c = await charged("AL", "35016", "Arab", MARCH);
      expect(c.rate).toBe(0.1);
      expect(c.names).toContain("Arab");
    });

    it("Atmore 36502 (Escambia County): the city's 4% with the County's 2%: 10%", async () => {
      expect((await charged("AL", "36502", "Atmore", MARCH)).rate).toBe(0.1);
    });

    it("Altoona 35952 (Etowah County): the town's 3% through May 2022, 5% from 2022-06-01 (ALDOR's county rates are held from 2026 only)", async () => {
      expect((await charged("AL", "35952", "Altoona", "2022-05-31")).rate).toBe(0.07);
      expect((await charged("AL", "35952", "Altoona", "2022-06-01")).rate).toBe(0.09);
      const today = await charged("AL", "35952", "Altoona", MARCH);
      expect(today.rate).toBe(0.1);
      expect(today.names).toEqual(["Alabama", "Altoona", "Etowah County"]);
    });

    it("Boaz 35957 (Marshall County): the city's 5% (since 2018-07-01, the City Clerk's page) with the County's in-city 1%: 10%", async () => {
      const c = await charged("AL", "35957", "Boaz", MARCH);
      expect(c.rate).toBe(0.1);
      expect(c.names).toEqual(["Alabama", "Boaz", "Marshall County"]);
    });

    it("Ardmore 35739 (Limestone County): the town's 3% with the County's 2%: 9%", async () => {
      expect((await charged("AL", "35739", "Ardmore", MARCH)).rate).toBe(0.09);
    });

    it("Albertville is not charged before the edition read (2022-05-01)", async () => {
      const before = await charged("AL", "35951", "Albertville", "2022-04-30");
      expect(before.names).not.toContain("Albertville");
      expect(before.rate).toBe(0.04);
    });
  });

  describe("Cities from ALDOR's tables and their own pages or returns", () => {
    it("Lanett 36863 (Chambers County): ALDOR's CL rate 5% with the County's in-city 1%: 10%", async () => {
      const c = await charged("AL", "36863", "Lanett", MARCH);
      expect(c.rate).toBe(0.1);
      expect(c.names).toEqual(["Alabama", "Chambers County", "Lanett"]);
    });

    it("Jasper 35501 (Walker County): the city's 3% in January 2022, 3.5% from 2022-02-01 (the City's FAQ); 9.5% with the County's 2% today", async () => {
      expect((await charged("AL", "35501", "Jasper", "2022-01-31")).rate).toBe(0.07);
      expect((await charged("AL", "35501", "Jasper", "2022-02-01")).rate).toBe(0.075);
      expect((await charged("AL", "35501", "Jasper", MARCH)).rate).toBe(0.095);
    });

    it("Sylacauga 35150 (Talladega County): the city's 4.5% from 2023-09-01: 9.5%, against the ZIP table's 10% (it names Childersburg)", async () => {
      const c = await charged("AL", "35150", "Sylacauga", MARCH);
      expect(c.rate).toBe(0.095);
      expect(c.names).toEqual(["Alabama", "Sylacauga", "Talladega County"]);
      expect((await charged("AL", "35150", "Sylacauga", "2023-08-31")).names).not.toContain("Sylacauga");
    });

    it("Leeds 35094 and Gulf Shores 36542: the cities' own returns (4% and 3%) with their counties: 10% each", async () => {
      expect((await charged("AL", "35094", "Leeds", MARCH)).rate).toBe(0.1);
      const gulfShores = await charged("AL", "36542", "Gulf Shores", MARCH);
      expect(gulfShores.rate).toBe(0.1);
      expect(gulfShores.names).toEqual(["Alabama", "Baldwin County", "Gulf Shores"]);
    });
  });

  describe("Where the ZIP table prices another place (not changed toward it)", () => {
    it("Harvest 35749 (unincorporated Madison County): the County's table outside Huntsville, 5.5%, not the table's 10.5%", async () => {
      const c = await charged("AL", "35749", "Harvest", MARCH);
      expect(c.rate).toBe(0.055);
      expect(c.names).toEqual(["Alabama", "Madison County", "Madison County (outside Huntsville)"]);
    });
  });
});
