// Researched local sales taxes of round 7, group alks (Alabama, Kansas) through the gateway
// in embedded mode: the combined rate, the jurisdictions charged and the coverage for
// addresses whose ZIP lies in a known county and city (SimpleMaps ZIP data). The rates come
// from the publications cited in services/calc-engine/data/us-local-al.json and -ks.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 7 group alks (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r7 alks", TODAY);

  describe("Alabama (county and city taxes; ALDOR's rate file and the localities' own pages)", () => {
    it("Montgomery 36104: the City's 3.5% over Montgomery County's 2.5% (10%), PARTIAL since the state's list is not all held", async () => {
      const c = await charged("AL", "36104", "Montgomery");
      expect(c.rate).toBe(0.1);
      expect(c.names).toEqual(["Alabama", "Montgomery", "Montgomery County"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Hoover 35226 (Jefferson County 2%): the City's own 3.5%, 9.5%", async () => {
      const c = await charged("AL", "35226", "Hoover");
      expect(c.rate).toBe(0.095);
      expect(c.names).toEqual(["Alabama", "Hoover", "Jefferson County"]);
    });

    it("Madison 35758: Madison County's 1% outside Huntsville applies (9%); in Huntsville 35801 it does not (9%, the City's 4.5%)", async () => {
      const madison = await charged("AL", "35758", "Madison");
      expect(madison.rate).toBe(0.09);
      expect(madison.names).toEqual(["Alabama", "Madison", "Madison County", "Madison County (outside Huntsville)"]);
      const huntsville = await charged("AL", "35801", "Huntsville");
      expect(huntsville.rate).toBe(0.09);
      expect(huntsville.names).toEqual(["Alabama", "Huntsville", "Madison County"]);
    });

    it("Mobile 36602: Mobile County's county-wide 1% with the City's 5% (10%); Theodore 36582: the county's 1% alone", async () => {
      const c = await charged("AL", "36602", "Mobile");
      expect(c.rate).toBe(0.1);
      expect(c.names).toEqual(["Alabama", "Mobile", "Mobile County"]);
      expect((await charged("AL", "36582", "Theodore")).rate).toBe(0.05);
    });

    it("Prattville 36067 (Autauga County): 9.5% before the county's 2% -> 2.5% of 2026-09-01, 10% after", async () => {
      expect((await charged("AL", "36067", "Prattville", "2026-08-31")).rate).toBe(0.095);
      expect((await charged("AL", "36067", "Prattville")).rate).toBe(0.1);
    });

    it("Mountain Brook 35223 (Jefferson County): 9% until the City's 3% -> 4% of 2026-04-01, 10% after", async () => {
      expect((await charged("AL", "35223", "Mountain Brook", "2026-03-15")).rate).toBe(0.09);
      expect((await charged("AL", "35223", "Mountain Brook")).rate).toBe(0.1);
    });

    it("a county rate alone where the city's is not held: Jacksonville 36265 (Calhoun County 1%), 5%, PARTIAL", async () => {
      const c = await charged("AL", "36265", "Jacksonville");
      expect(c.rate).toBe(0.05);
      expect(c.names).toEqual(["Alabama", "Calhoun County"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Semmes 36575 (Mobile County 1%): the town's 4% until ALDOR's noticed 4.5% of 2026-10-01", async () => {
      expect((await charged("AL", "36575", "Semmes", "2026-09-30")).rate).toBe(0.09);
      expect((await charged("AL", "36575", "Semmes")).rate).toBe(0.095);
    });

    it("Oxford 36203 (Calhoun County 1%): the City's 5%, 10%", async () => {
      const c = await charged("AL", "36203", "Oxford");
      expect(c.rate).toBe(0.1);
      expect(c.names).toEqual(["Alabama", "Calhoun County", "Oxford"]);
    });
  });

  describe("Kansas (county and city taxes administered by the Department of Revenue)", () => {
    it("Topeka 66603: Shawnee County 1.35% and the City's 1.5% (9.35%), PARTIAL", async () => {
      const c = await charged("KS", "66603", "Topeka");
      expect(c.rate).toBe(0.0935);
      expect(c.names).toEqual(["Kansas", "Shawnee County", "Topeka"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Kansas City 66101 (Wyandotte County 1%, the City's 1.625%): 9.125%; Olathe 66061 (Johnson County 1.475%, the City's 1.5%): 9.475%", async () => {
      const kck = await charged("KS", "66101", "Kansas City");
      expect(kck.rate).toBe(0.09125);
      expect(kck.names).toEqual(["Kansas", "Kansas City", "Wyandotte County"]);
      expect((await charged("KS", "66061", "Olathe")).rate).toBe(0.09475);
    });

    it("Manhattan 66502 (Riley County 0.7%, the City's 1.95%): 9.15%; Lenexa 66215 (the City's 1.375%): 9.35%", async () => {
      expect((await charged("KS", "66502", "Manhattan")).rate).toBe(0.0915);
      expect((await charged("KS", "66215", "Lenexa")).rate).toBe(0.0935);
    });

    it("Salina 67401 (Saline County 1.5%, the City's 1.25%) and Hays 67601 (Ellis County 0.5%, the City's 2.25%): 9.25%", async () => {
      expect((await charged("KS", "67401", "Salina")).rate).toBe(0.0925);
      expect((await charged("KS", "67601", "Hays")).rate).toBe(0.0925);
    });

    it("Derby 67037 (Sedgwick County): 7.5% before the City's 1% of 2025-01-01 is held, 8.5% after", async () => {
      expect((await charged("KS", "67037", "Derby", "2024-12-31")).rate).toBe(0.075);
      expect((await charged("KS", "67037", "Derby", "2026-03-15")).rate).toBe(0.085);
    });

    it("Gardner 66030: 9.475% while the special purpose 1/2% ran (to 2025-12-31), the permanent 1% alone after", async () => {
      expect((await charged("KS", "66030", "Gardner", "2025-06-15")).rate).toBe(0.09475);
      expect((await charged("KS", "66030", "Gardner", "2026-03-15")).rate).toBe(0.08975);
    });
  });
});
