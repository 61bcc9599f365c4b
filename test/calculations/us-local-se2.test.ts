// Researched local sales-tax data of the second south-east group (issue 18 item 3: FL, NY,
// GA), through the gateway in embedded mode: per state, a few ZIPs whose county the ZIP data
// names, with the combined rate and the jurisdictions the state's publications list
// (data/us-local-<st>.json).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import { calculateAt } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

interface Case {
  readonly place: string;
  readonly state: string;
  readonly zip: string;
  readonly city: string;
  readonly day: string;
  /** The line's price in cents; $100.00 unless a case needs another. */
  readonly amount?: number;
  /** Tax on the line, in cents: the combined rate. */
  readonly tax: number;
  /** The names of the jurisdictions that tax the line, state first. */
  readonly names: readonly string[];
  readonly category?: string;
}

const CASES: readonly Case[] = [
  {
    place: "Tampa FL (Hillsborough)",
    state: "FL",
    zip: "33602",
    city: "Tampa",
    day: TODAY,
    tax: 750,
    names: ["Florida", "Hillsborough County discretionary sales surtax"],
  },
  {
    place: "Tampa FL during the 2025 surtax suspension",
    state: "FL",
    zip: "33602",
    city: "Tampa",
    day: "2025-03-01",
    tax: 650,
    names: ["Florida", "Hillsborough County discretionary sales surtax"],
  },
  {
    place: "West Palm Beach FL (Palm Beach) in 2025, before the 2026 cut",
    state: "FL",
    zip: "33401",
    city: "West Palm Beach",
    day: "2025-07-01",
    tax: 700,
    names: ["Florida", "Palm Beach County discretionary sales surtax"],
  },
  {
    place: "West Palm Beach FL (Palm Beach) today",
    state: "FL",
    zip: "33401",
    city: "West Palm Beach",
    day: TODAY,
    tax: 650,
    names: ["Florida", "Palm Beach County discretionary sales surtax"],
  },
  {
    place: "Jasper FL (Hamilton): second 1% surtax from 2025",
    state: "FL",
    zip: "32052",
    city: "Jasper",
    day: TODAY,
    tax: 800,
    names: ["Florida", "Hamilton County discretionary sales surtax"],
  },
  {
    place: "Naples FL (Collier): no surtax",
    state: "FL",
    zip: "34102",
    city: "Naples",
    day: TODAY,
    tax: 600,
    names: ["Florida"],
  },
  {
    place: "Yonkers NY: the city's own rate replaces Westchester's",
    state: "NY",
    zip: "10701",
    city: "Yonkers",
    day: TODAY,
    tax: 888,
    names: ["New York", "Yonkers city sales tax", "MCTD surcharge"],
  },
  {
    place: "Hempstead NY (Nassau) with the MCTD",
    state: "NY",
    zip: "11550",
    city: "Hempstead",
    day: TODAY,
    tax: 863,
    names: ["New York", "Nassau County sales tax", "MCTD surcharge"],
  },
  {
    place: "Bay Shore NY (Suffolk) before the 2025-03-01 increase",
    state: "NY",
    zip: "11706",
    city: "Bay Shore",
    day: "2025-01-15",
    amount: 8000,
    tax: 690,
    names: ["New York", "Suffolk County sales tax", "MCTD surcharge"],
  },
  {
    place: "Bay Shore NY (Suffolk) today",
    state: "NY",
    zip: "11706",
    city: "Bay Shore",
    day: TODAY,
    amount: 8000,
    tax: 700,
    names: ["New York", "Suffolk County sales tax", "MCTD surcharge"],
  },
  {
    place: "Nassau NY clothing under $110: county and MCTD, not the state",
    state: "NY",
    zip: "11550",
    city: "Hempstead",
    day: TODAY,
    amount: 8000,
    tax: 370,
    names: ["Nassau County sales tax", "MCTD surcharge"],
    category: "CLOTHING_GENERAL",
  },
  {
    place: "Rochester NY (Monroe) clothing under $110: Monroe exempts it too",
    state: "NY",
    zip: "14604",
    city: "Rochester",
    day: TODAY,
    amount: 8000,
    tax: 0,
    names: [],
    category: "CLOTHING_GENERAL",
  },
  {
    place: "Poughkeepsie NY (Dutchess) clothing under $110: only the MCTD",
    state: "NY",
    zip: "12601",
    city: "Poughkeepsie",
    day: TODAY,
    amount: 8000,
    tax: 30,
    names: ["MCTD surcharge"],
    category: "CLOTHING_GENERAL",
  },
  {
    place: "Norwich NY clothing under $110: the city does not exempt it, unlike Chenango County",
    state: "NY",
    zip: "13815",
    city: "Norwich",
    day: TODAY,
    amount: 8000,
    tax: 320,
    names: ["Norwich city sales tax"],
    category: "CLOTHING_GENERAL",
  },
  {
    place: "Utica NY (Oneida County)",
    state: "NY",
    zip: "13501",
    city: "Utica",
    day: TODAY,
    tax: 875,
    names: ["New York", "Utica city sales tax"],
  },
  {
    place: "Saratoga Springs NY",
    state: "NY",
    zip: "12866",
    city: "Saratoga Springs",
    day: TODAY,
    tax: 700,
    names: ["New York", "Saratoga Springs city sales tax"],
  },
  {
    place: "Atlanta GA (Fulton): the city's taxes replace Fulton's TSPLOST",
    state: "GA",
    zip: "30303",
    city: "Atlanta",
    day: TODAY,
    tax: 890,
    names: ["Georgia", "Fulton County local sales taxes", "City of Atlanta sales taxes (MOST, MARTA, TSPLOST)"],
  },
  {
    place: "Alpharetta GA (Fulton outside Atlanta)",
    state: "GA",
    zip: "30022",
    city: "Alpharetta",
    day: TODAY,
    tax: 775,
    names: ["Georgia", "Fulton County local sales taxes", "Fulton County TSPLOST"],
  },
  {
    place: "Decatur GA (DeKalb outside Atlanta)",
    state: "GA",
    zip: "30030",
    city: "Decatur",
    day: TODAY,
    tax: 800,
    names: ["Georgia", "DeKalb County local sales taxes", "DeKalb County special district sales tax"],
  },
  {
    place: "Decatur GA groceries: DeKalb's county-wide 3% only",
    state: "GA",
    zip: "30030",
    city: "Decatur",
    day: TODAY,
    tax: 300,
    names: ["DeKalb County local sales taxes"],
    category: "GROCERIES",
  },
  {
    place: "Augusta GA (Richmond) before its 2024-04-01 increase",
    state: "GA",
    zip: "30901",
    city: "Augusta",
    day: "2024-01-15",
    tax: 800,
    names: ["Georgia", "Richmond County local sales taxes"],
  },
  {
    place: "Augusta GA (Richmond) today",
    state: "GA",
    zip: "30901",
    city: "Augusta",
    day: TODAY,
    tax: 850,
    names: ["Georgia", "Richmond County local sales taxes"],
  },
  {
    place: "Macon GA (Bibb) between October 2025 and April 2026",
    state: "GA",
    zip: "31201",
    city: "Macon",
    day: "2026-01-15",
    tax: 700,
    names: ["Georgia", "Bibb County local sales taxes"],
  },
  {
    place: "Lawrenceville GA (Gwinnett)",
    state: "GA",
    zip: "30044",
    city: "Lawrenceville",
    day: TODAY,
    tax: 600,
    names: ["Georgia", "Gwinnett County local sales taxes"],
  },
];

describe("US local data, second south-east group (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "US local SE2")).testSecret;
  });
  afterAll(() => system?.stop());

  for (const c of CASES) {
    it(`${c.place}: ${c.tax} cents on ${c.day}`, async () => {
      const body = await calculateAt(api, key, c, c.amount ?? 10000);
      expect(body.total_tax_amount).toBe(c.tax);
      const taxed = body.line_items[0].tax_jurisdictions.filter((j: any) => j.tax_due_decimal > 0);
      expect(taxed.map((j: any) => j.jurisdiction_name)).toEqual(c.names);
    });
  }

  it("answers FULL where the state's local data is complete (FL from 2026, NY from 2023), PARTIAL before", async () => {
    const coverage = async (state: string, zip: string, city: string, day: string) =>
      (await calculateAt(api, key, { state, zip, city, day }, 10000)).rate_coverage;
    expect(await coverage("FL", "33602", "Tampa", TODAY)).toBe("FULL");
    expect(await coverage("FL", "34102", "Naples", TODAY)).toBe("FULL"); // Collier levies no surtax
    expect(await coverage("FL", "33602", "Tampa", "2025-03-01")).toBe("PARTIAL");
    expect(await coverage("NY", "10701", "Yonkers", TODAY)).toBe("FULL");
    expect(await coverage("NY", "14201", "Buffalo", "2023-06-01")).toBe("FULL");
  });
});
