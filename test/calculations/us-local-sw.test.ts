// Researched local sales-tax data of the south-west group (issue 18 item 3: NV, NM, UT,
// AZ, WY; data in services/calc-engine/data/us-local-<st>.json), through the gateway in
// embedded mode: per address, the combined rate and the jurisdictions that make it up.
// The ZIPs' counties and primary cities are those of the geo-resolver's ZIP data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import { calculateAt } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

interface Case {
  readonly zip: string;
  readonly state: string;
  readonly city: string;
  /** Combined rate on general merchandise. */
  readonly rate: number;
  /** [tax_authority_type, jurisdiction_name] of every entry, state first. */
  readonly entries: ReadonlyArray<readonly [string, string]>;
  readonly day?: string;
  /** Product category; GENERAL_MERCHANDISE when absent. */
  readonly category?: string;
}

const cases: Record<string, Case[]> = {
  NV: [
    {
      zip: "89101",
      state: "NV",
      city: "Las Vegas",
      rate: 0.08375,
      entries: [
        ["STATE", "Nevada"],
        ["COUNTY", "Clark County local sales tax"],
      ],
    },
    {
      zip: "89501",
      state: "NV",
      city: "Reno",
      rate: 0.08265,
      entries: [
        ["STATE", "Nevada"],
        ["COUNTY", "Washoe County local sales tax"],
      ],
    },
    {
      zip: "89701",
      state: "NV",
      city: "Carson City",
      rate: 0.076,
      entries: [
        ["STATE", "Nevada"],
        ["COUNTY", "Carson City local sales tax"],
      ],
    },
    {
      zip: "89801",
      state: "NV",
      city: "Elko",
      rate: 0.071,
      entries: [
        ["STATE", "Nevada"],
        ["COUNTY", "Elko County local sales tax"],
      ],
    },
    {
      zip: "89301",
      state: "NV",
      city: "Ely",
      rate: 0.07725,
      entries: [
        ["STATE", "Nevada"],
        ["COUNTY", "White Pine County local sales tax"],
      ],
    },
    // Humboldt County levies nothing above the statewide 6.85%.
    { zip: "89445", state: "NV", city: "Winnemucca", rate: 0.0685, entries: [["STATE", "Nevada"]] },
  ],
  AZ: [
    {
      zip: "85281",
      state: "AZ",
      city: "Tempe",
      rate: 0.081,
      entries: [
        ["STATE", "Arizona TPT"],
        ["COUNTY", "Maricopa County"],
        ["CITY", "Tempe transaction privilege tax"],
      ],
    },
    {
      zip: "85364",
      state: "AZ",
      city: "Yuma",
      rate: 0.08412,
      entries: [
        ["STATE", "Arizona TPT"],
        ["COUNTY", "Yuma County excise tax"],
        ["CITY", "Yuma transaction privilege tax"],
      ],
    },
    // Prescott: 2.0% from 2023-01-01, 2.95% from 2025-04-01 (public safety tax).
    {
      zip: "86301",
      state: "AZ",
      city: "Prescott",
      rate: 0.0835,
      day: "2024-06-01",
      entries: [
        ["STATE", "Arizona TPT"],
        ["COUNTY", "Yavapai County excise tax"],
        ["CITY", "Prescott transaction privilege tax"],
      ],
    },
    {
      zip: "86301",
      state: "AZ",
      city: "Prescott",
      rate: 0.093,
      entries: [
        ["STATE", "Arizona TPT"],
        ["COUNTY", "Yavapai County excise tax"],
        ["CITY", "Prescott transaction privilege tax"],
      ],
    },
    {
      zip: "85338",
      state: "AZ",
      city: "Goodyear",
      rate: 0.088,
      entries: [
        ["STATE", "Arizona TPT"],
        ["COUNTY", "Maricopa County"],
        ["CITY", "Goodyear transaction privilege tax"],
      ],
    },
    {
      zip: "85122",
      state: "AZ",
      city: "Casa Grande",
      rate: 0.087,
      entries: [
        ["STATE", "Arizona TPT"],
        ["COUNTY", "Pinal County excise tax"],
        ["CITY", "Casa Grande transaction privilege tax"],
      ],
    },
    // Groceries: exempt from state and county TPT; Goodyear taxes food for home consumption at 2.0%.
    {
      zip: "85338",
      state: "AZ",
      city: "Goodyear",
      rate: 0.02,
      category: "GROCERIES",
      entries: [
        ["STATE", "Arizona TPT"],
        ["COUNTY", "Maricopa County"],
        ["CITY", "Goodyear transaction privilege tax"],
      ],
    },
  ],
};

describe("US local data of the south-west group (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "US local south-west")).testSecret;
  });
  afterAll(() => system?.stop());

  async function calculate(c: Case) {
    return calculateAt(api, key, { ...c, day: c.day ?? TODAY }, 1_000_000);
  }

  for (const [state, stateCases] of Object.entries(cases)) {
    describe(state, () => {
      for (const c of stateCases) {
        it(`${c.city} ${c.zip}${c.day ? ` on ${c.day}` : ""}${c.category ? ` ${c.category}` : ""}: ${(c.rate * 100).toFixed(4)}%`, async () => {
          const body = await calculate(c);
          const entries = body.line_items[0].tax_jurisdictions as Array<{
            tax_authority_type: string;
            jurisdiction_name: string;
            tax_rate: number;
          }>;
          const combined = entries.reduce((sum, e) => sum + e.tax_rate, 0);
          expect(Math.round(combined * 1e7) / 1e7).toBe(c.rate);
          expect(body.total_tax_amount).toBe(Math.round(1_000_000 * c.rate));
          expect(entries.map((e) => [e.tax_authority_type, e.jurisdiction_name])).toEqual(c.entries);
        });
      }
    });
  }
});
