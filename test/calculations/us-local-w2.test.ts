// Researched local sales-tax data of research group b (issue 18 item 3: CA, WA, TX; data
// in services/calc-engine/data/us-local-<st>.json), through the gateway in embedded mode:
// per address, the combined rate and the jurisdictions that make it up. The ZIPs'
// counties and primary cities are those of the geo-resolver's ZIP data.
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
  /** [tax_authority_type, jurisdiction_name] of every entry that charges tax, state first. */
  readonly entries: ReadonlyArray<readonly [string, string]>;
  readonly day?: string;
}

const cases: Record<string, Case[]> = {
  CA: [
    // CDTFA: Oakland 10.75% (Alameda County's six district taxes + the city's 2025 tax).
    {
      zip: "94612",
      state: "CA",
      city: "Oakland",
      rate: 0.1075,
      entries: [
        ["STATE", "California statewide sales tax"],
        ["DISTRICT", "Alameda County Children’s Health and Child Care Transactions and Use Tax"],
        ["DISTRICT", "Alameda County Essential Health Care Services Transactions and Use Tax"],
        ["DISTRICT", "Alameda County Transactions and Use Tax"],
        ["DISTRICT", "Alameda County Transportation Commission 2022"],
        ["DISTRICT", "Alameda County Transportation Commission Transactions and Use Tax"],
        ["DISTRICT", "Bay Area Rapid Transit District"],
        ["DISTRICT", "City of Oakland Transactions and Use Tax"],
      ],
    },
    // Castro Valley is unincorporated: Alameda County's rate, 10.25%.
    {
      zip: "94546",
      state: "CA",
      city: "Castro Valley",
      rate: 0.1025,
      entries: [
        ["STATE", "California statewide sales tax"],
        ["DISTRICT", "Alameda County Children’s Health and Child Care Transactions and Use Tax"],
        ["DISTRICT", "Alameda County Essential Health Care Services Transactions and Use Tax"],
        ["DISTRICT", "Alameda County Transactions and Use Tax"],
        ["DISTRICT", "Alameda County Transportation Commission 2022"],
        ["DISTRICT", "Alameda County Transportation Commission Transactions and Use Tax"],
        ["DISTRICT", "Bay Area Rapid Transit District"],
      ],
    },
    // Kern County's 1% applies only outside cities: Bakersfield 8.25% (its own 1%), Lake Isabella 8.25% (the county's).
    {
      zip: "93301",
      state: "CA",
      city: "Bakersfield",
      rate: 0.0825,
      entries: [
        ["STATE", "California statewide sales tax"],
        ["DISTRICT", "City of Bakersfield Safety/Vital City Services and Use Tax"],
      ],
    },
    {
      zip: "93240",
      state: "CA",
      city: "Lake Isabella",
      rate: 0.0825,
      entries: [
        ["STATE", "California statewide sales tax"],
        [
          "DISTRICT",
          "Kern County Unincorporated Area Public Safety, Vital Services, and Local Control Transactions and Use Tax",
        ],
      ],
    },
    // San Jose: 9.375% before Santa Clara County's Measure A, 10% from 2026-04-01.
    {
      zip: "95112",
      state: "CA",
      city: "San Jose",
      day: "2026-03-31",
      rate: 0.09375,
      entries: [
        ["STATE", "California statewide sales tax"],
        ["DISTRICT", "2020 Peninsula Corridor Joint Powers Board Retail Transactions and Use Tax"],
        ["DISTRICT", "Santa Clara County Retail Transactions and Use Tax"],
        ["DISTRICT", "Santa Clara County Transit District"],
        ["DISTRICT", "Santa Clara County Valley Transportation Authority"],
        ["DISTRICT", "Santa Clara VTA BART Operating and Maintenance Transactions and Use Tax"],
        ["DISTRICT", "Silicon Valley Transportation Solutions Tax"],
        ["DISTRICT", "City of San Jose Transactions and Use Tax"],
      ],
    },
    {
      zip: "95112",
      state: "CA",
      city: "San Jose",
      rate: 0.1,
      entries: [
        ["STATE", "California statewide sales tax"],
        ["DISTRICT", "2020 Peninsula Corridor Joint Powers Board Retail Transactions and Use Tax"],
        ["DISTRICT", "Santa Clara County Retail Transactions and Use Tax"],
        ["DISTRICT", "Santa Clara County Transit District"],
        ["DISTRICT", "Santa Clara County Valley Transportation Authority"],
        ["DISTRICT", "Santa Clara VTA BART Operating and Maintenance Transactions and Use Tax"],
        ["DISTRICT", "Silicon Valley Transportation Solutions Tax"],
        ["DISTRICT", "County of Santa Clara General Sales Tax (Measure A, November 2025)"],
        ["DISTRICT", "City of San Jose Transactions and Use Tax"],
      ],
    },
    // Dunsmuir: its 0.5% tax of 2016 sunset on 2026-03-31 (CDTFA-823); 1% since (CDTFA's 7/1/2026 table: 8.25%).
    {
      zip: "96025",
      state: "CA",
      city: "Dunsmuir",
      day: "2026-03-31",
      rate: 0.0775,
      entries: [
        ["STATE", "California statewide sales tax"],
        ["DISTRICT", "City of Dunsmuir Transactions and Use Tax"],
      ],
    },
    {
      zip: "96025",
      state: "CA",
      city: "Dunsmuir",
      rate: 0.0825,
      entries: [
        ["STATE", "California statewide sales tax"],
        ["DISTRICT", "City of Dunsmuir Transactions and Use Tax (2026)"],
      ],
    },
  ],
  WA: [
    // WA DOR location codes: Seattle 10.25% in 2023, 10.35% from 2024-04-01, 10.55% from 2026-01-01.
    {
      zip: "98101",
      state: "WA",
      city: "Seattle",
      day: "2023-06-01",
      rate: 0.1025,
      entries: [
        ["STATE", "Washington"],
        ["CITY", "Seattle"],
      ],
    },
    {
      zip: "98101",
      state: "WA",
      city: "Seattle",
      rate: 0.1055,
      entries: [
        ["STATE", "Washington"],
        ["CITY", "Seattle"],
      ],
    },
    // Tacoma: 10.3%, 10.4% from 2026-04-01.
    {
      zip: "98402",
      state: "WA",
      city: "Tacoma",
      day: "2026-03-31",
      rate: 0.103,
      entries: [
        ["STATE", "Washington"],
        ["CITY", "Tacoma"],
      ],
    },
    {
      zip: "98402",
      state: "WA",
      city: "Tacoma",
      rate: 0.104,
      entries: [
        ["STATE", "Washington"],
        ["CITY", "Tacoma"],
      ],
    },
    // Carnation (King County, outside the RTA): 8.9%.
    {
      zip: "98014",
      state: "WA",
      city: "Carnation",
      rate: 0.089,
      entries: [
        ["STATE", "Washington"],
        ["CITY", "Carnation"],
      ],
    },
    // Spanaway is unincorporated: Pierce County's unincorporated-area code 2700, 9.5%.
    {
      zip: "98387",
      state: "WA",
      city: "Spanaway",
      rate: 0.095,
      entries: [
        ["STATE", "Washington"],
        ["COUNTY", "Pierce County (unincorporated area)"],
      ],
    },
  ],
};

describe("US local data of research group b (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "US local research b")).testSecret;
  });
  afterAll(() => system?.stop());

  for (const [state, stateCases] of Object.entries(cases)) {
    describe(state, () => {
      for (const c of stateCases) {
        it(`${c.city} ${c.zip}${c.day ? ` on ${c.day}` : ""}: ${(c.rate * 100).toFixed(4)}%`, async () => {
          const body = await calculateAt(api, key, { ...c, day: c.day ?? TODAY }, 1_000_000);
          const entries = body.line_items[0].tax_jurisdictions as Array<{
            tax_authority_type: string;
            jurisdiction_name: string;
            tax_rate: number;
          }>;
          const combined = entries.reduce((sum, e) => sum + e.tax_rate, 0);
          expect(Math.round(combined * 1e7) / 1e7).toBe(c.rate);
          expect(body.total_tax_amount).toBe(Math.round(1_000_000 * c.rate));
          const charging = entries
            .filter((e) => e.tax_rate > 0)
            .map((e) => [e.tax_authority_type, e.jurisdiction_name]);
          expect(charging).toEqual(c.entries);
        });
      }
    });
  }
});
