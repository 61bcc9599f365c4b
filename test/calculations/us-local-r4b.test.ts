// Researched local sales taxes of round 4, group b (TN first) through the gateway in embedded
// mode: the combined rate and the jurisdictions charged for addresses whose ZIP lies in a
// known county and city (SimpleMaps ZIP data). The rates come from the publications cited in
// services/calc-engine/data/us-local-<st>.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 4 group b (embedded)", () => {
  const { charged, calculate } = embeddedUsCharges("US local r4b", TODAY);

  describe("Tennessee (county and city local option taxes administered by the Department of Revenue)", () => {
    it("Knoxville 37902 (Knox County, 2.25%): 9.25%, PARTIAL since the state's list is not all held", async () => {
      const c = await charged("TN", "37902", "Knoxville");
      expect(c.rate).toBe(0.0925);
      expect(c.names).toContain("Knox County");
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Clarksville 37040 (Montgomery County, 2.5%): 9.5%; Maryville 37801 (Blount County, 2.75%): 9.75%", async () => {
      expect((await charged("TN", "37040", "Clarksville")).rate).toBe(0.095);
      expect((await charged("TN", "37801", "Maryville")).rate).toBe(0.0975);
    });

    it("Franklin 37064 (Williamson County): 9.25% before the county's increase of 2018-04-01, 9.75% after", async () => {
      expect((await charged("TN", "37064", "Franklin", "2018-03-31")).rate).toBe(0.0925);
      expect((await charged("TN", "37064", "Franklin")).rate).toBe(0.0975);
    });

    it("Lebanon 37087 (Wilson County): 9.25% before the 2020 referendum's increase, 9.75% after", async () => {
      expect((await charged("TN", "37087", "Lebanon", "2020-05-31")).rate).toBe(0.0925);
      expect((await charged("TN", "37087", "Lebanon")).rate).toBe(0.0975);
    });

    it("Kingsport 37660: the city's 2.5% over Sullivan County's 2.25% (9.5%); Bristol 37620: the county's 9.25%", async () => {
      const kingsport = await charged("TN", "37660", "Kingsport");
      expect(kingsport.rate).toBe(0.095);
      expect(kingsport.names).toEqual(["Kingsport", "Sullivan County", "Tennessee"]);
      expect((await charged("TN", "37620", "Bristol")).rate).toBe(0.0925);
    });

    it("Hendersonville 37075 (Sumner County): 9.25% until the city's 2.75% of 2024-06-01, 9.75% after", async () => {
      expect((await charged("TN", "37075", "Hendersonville", "2024-05-31")).rate).toBe(0.0925);
      expect((await charged("TN", "37075", "Hendersonville")).rate).toBe(0.0975);
    });
  });
  describe("Arkansas (county and city taxes administered by the Department of Finance and Administration)", () => {
    it("Fayetteville 72701: 9.75% (Washington County 1.25%, the city's 2%), PARTIAL", async () => {
      const c = await charged("AR", "72701", "Fayetteville");
      expect(c.rate).toBe(0.0975);
      expect(c.names).toEqual(["Arkansas", "Fayetteville", "Washington County"]);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Rogers 72756 (Benton County 1%, the city's 2%): 9.5%; Fort Smith 72903 (Sebastian County 1.25%, the city's 2%): 9.75%", async () => {
      expect((await charged("AR", "72756", "Rogers")).rate).toBe(0.095);
      expect((await charged("AR", "72903", "Fort Smith")).rate).toBe(0.0975);
    });

    it("Conway 72034 (Faulkner County 0.5%): 9.125% during the city's 2018-2023 street tax, 8.75% after it", async () => {
      expect((await charged("AR", "72034", "Conway", "2020-06-15")).rate).toBe(0.09125);
      expect((await charged("AR", "72034", "Conway")).rate).toBe(0.0875);
    });

    it("Pea Ridge 72751 (Benton County): the city's 1% of June 2021 became 2% by July 2023", async () => {
      expect((await charged("AR", "72751", "Pea Ridge", "2022-01-15")).rate).toBe(0.085);
      expect((await charged("AR", "72751", "Pea Ridge")).rate).toBe(0.095);
    });
  });
  describe("Illinois (municipal, county and RTA taxes administered by the Illinois Department of Revenue)", () => {
    it("Aurora 60505 (Kane County): the RTA's 0.75% now applies in Kane County (the city's own tax, held from 2026, left out)", async () => {
      const c = await charged("IL", "60505", "Aurora", "2025-06-01");
      expect(c.rate).toBe(0.07);
      expect(c.names).toContain("RTA tax");
    });

    it("Harvard 60033 (McHenry County): 8% before McHenry County's 0.25% mental health tax of 2024-07-01, 8.25% after", async () => {
      expect((await charged("IL", "60033", "Harvard", "2024-05-01")).rate).toBe(0.08);
      expect((await charged("IL", "60033", "Harvard")).rate).toBe(0.0825);
    });

    it("Peoria 61602: 9% (Peoria County 1%, the city's 1.75%); Champaign 61820: 9% (county 1.25%, the city's 1.5%)", async () => {
      expect((await charged("IL", "61602", "Peoria")).rate).toBe(0.09);
      expect((await charged("IL", "61820", "Champaign")).rate).toBe(0.09);
    });

    it("the Peoria taxes do not apply to prescription drugs: only the state's 1%", async () => {
      const body = await calculate(
        { state: "IL", zip: "61602", city: "Peoria", day: TODAY, category: "PRESCRIPTION_DRUGS" },
        100000,
      );
      expect(body.total_tax_amount).toBe(1000);
    });

    it("Arlington Heights 60004 (Cook County): 10% with the village's 1%", async () => {
      expect((await charged("IL", "60004", "Arlington Heights")).rate).toBe(0.1);
    });
  });

  describe("Missouri (county, city and district taxes administered by the Department of Revenue)", () => {
    it("Springfield 65802: 8.1% (Greene County 1.75% with its half-cent of 2018-04-01, the city's 2.125%)", async () => {
      const c = await charged("MO", "65802", "Springfield");
      expect(c.rate).toBe(0.081);
      expect(c.coverage).toBe("PARTIAL");
    });

    it("Lee's Summit 64063: the city's 2.25% before its public safety tax of 2022-10-01 (Jackson County's data starts in 2023), 8.475% with Jackson County after", async () => {
      expect((await charged("MO", "64063", "Lee's Summit", "2022-09-30")).rate).toBe(0.06475);
      expect((await charged("MO", "64063", "Lee's Summit")).rate).toBe(0.08475);
    });

    it("Columbia 65201 (Boone County 1.75%, the city's 2%): 7.975%", async () => {
      expect((await charged("MO", "65201", "Columbia")).rate).toBe(0.07975);
    });
  });

  describe("Alabama", () => {
    it("Foley 36535 (Baldwin County 3% with the city's 3% of round 7): 10%, PARTIAL", async () => {
      const c = await charged("AL", "36535", "Foley");
      expect(c.rate).toBe(0.1);
      expect(c.coverage).toBe("PARTIAL");
    });
  });
});
