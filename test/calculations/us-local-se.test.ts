// Researched local sales-tax data of the south-east group (issue 18 item 3), through the
// gateway in embedded mode: per state, a few ZIPs whose county the ZIP data names, with the
// combined rate and the jurisdictions the state's publications list (data/us-local-<st>.json).
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
  /** Tax on $100.00 of general merchandise, in cents: the combined rate. */
  readonly tax: number;
  /** The jurisdiction names shown for the line, state first. */
  readonly names: readonly string[];
  readonly category?: string;
}

const CASES: readonly Case[] = [
  {
    place: "Charlotte NC (Mecklenburg), before the 2026 mobility tax",
    state: "NC",
    zip: "28202",
    city: "Charlotte",
    day: "2026-03-15",
    tax: 725,
    names: ["North Carolina", "Mecklenburg County sales tax", "Mecklenburg County transit sales tax"],
  },
  {
    place: "Charlotte NC (Mecklenburg) today",
    state: "NC",
    zip: "28202",
    city: "Charlotte",
    day: TODAY,
    tax: 825,
    names: [
      "North Carolina",
      "Mecklenburg County sales tax",
      "Mecklenburg County transit sales tax",
      "Mecklenburg County roadway and public transportation tax (PAVE Act)",
    ],
  },
  {
    place: "Durham NC (Durham): Article 46 and transit",
    state: "NC",
    zip: "27701",
    city: "Durham",
    day: TODAY,
    tax: 750,
    names: [
      "North Carolina",
      "Durham County sales tax",
      "Durham County Article 46 sales tax",
      "Durham County transit sales tax",
    ],
  },
  {
    place: "Durham NC groceries: the county 2% only",
    state: "NC",
    zip: "27701",
    city: "Durham",
    day: TODAY,
    tax: 200,
    names: ["Durham County sales tax"],
    category: "GROCERIES",
  },
  {
    place: "Greenville NC (Pitt)",
    state: "NC",
    zip: "27858",
    city: "Greenville",
    day: TODAY,
    tax: 700,
    names: ["North Carolina", "Pitt County sales tax", "Pitt County Article 46 sales tax"],
  },
  {
    place: "Carrboro NC (Orange): transit",
    state: "NC",
    zip: "27510",
    city: "Carrboro",
    day: TODAY,
    tax: 750,
    names: [
      "North Carolina",
      "Orange County sales tax",
      "Orange County Article 46 sales tax",
      "Orange County transit sales tax",
    ],
  },
  {
    place: "Gastonia NC (Gaston) before its Article 46 tax was seen",
    state: "NC",
    zip: "28052",
    city: "Gastonia",
    day: "2024-06-30",
    tax: 675,
    names: ["North Carolina", "Gaston County sales tax"],
  },
  {
    place: "Nashville TN before the transit surcharge",
    state: "TN",
    zip: "37203",
    city: "Nashville",
    day: "2025-01-31",
    tax: 925,
    names: ["Tennessee", "Davidson County"],
  },
  {
    place: "Nashville TN with the 2025 transit surcharge",
    state: "TN",
    zip: "37203",
    city: "Nashville",
    day: TODAY,
    tax: 975,
    names: ["Tennessee", "Davidson County", "Metro Nashville transit surcharge"],
  },
  {
    place: "Memphis TN (Shelby)",
    state: "TN",
    zip: "38103",
    city: "Memphis",
    day: TODAY,
    tax: 975,
    names: ["Tennessee", "Shelby County", "Memphis"],
  },
  {
    place: "Columbia SC (Richland): local option and transportation",
    state: "SC",
    zip: "29201",
    city: "Columbia",
    day: TODAY,
    tax: 800,
    names: ["South Carolina", "Richland County local option sales tax", "Richland County transportation sales tax"],
  },
  {
    place: "Charleston SC: local option, transportation and school taxes",
    state: "SC",
    zip: "29401",
    city: "Charleston",
    day: TODAY,
    tax: 900,
    names: [
      "South Carolina",
      "Charleston County local option sales tax",
      "Charleston County transportation sales tax",
      "Charleston County school sales tax",
    ],
  },
  {
    place: "Goose Creek SC (Berkeley) before its school tax",
    state: "SC",
    zip: "29445",
    city: "Goose Creek",
    day: "2023-02-15",
    tax: 800,
    names: ["South Carolina", "Berkeley County local option sales tax", "Berkeley County transportation sales tax"],
  },
  {
    place: "Goose Creek SC (Berkeley) with its school tax",
    state: "SC",
    zip: "29445",
    city: "Goose Creek",
    day: TODAY,
    tax: 900,
    names: [
      "South Carolina",
      "Berkeley County local option sales tax",
      "Berkeley County transportation sales tax",
      "Berkeley County school sales tax",
    ],
  },
  {
    place: "Greenville SC: no local tax",
    state: "SC",
    zip: "29601",
    city: "Greenville",
    day: TODAY,
    tax: 600,
    names: ["South Carolina"],
  },
  {
    place: "Sumter SC between its capital projects taxes",
    state: "SC",
    zip: "29150",
    city: "Sumter",
    day: "2024-06-01",
    tax: 700,
    names: ["South Carolina", "Sumter County local option sales tax"],
  },
  {
    place: "Sumter SC groceries: local option only (capital projects tax exempts food)",
    state: "SC",
    zip: "29150",
    city: "Sumter",
    day: TODAY,
    tax: 100,
    names: ["Sumter County local option sales tax"],
    category: "GROCERIES",
  },
  {
    place: "Myrtle Beach SC: Horry County taxes and the city's tourism development tax",
    state: "SC",
    zip: "29577",
    city: "Myrtle Beach",
    day: TODAY,
    tax: 900,
    names: [
      "South Carolina",
      "Myrtle Beach tourism development tax",
      "Horry County transportation sales tax",
      "Horry County school sales tax",
    ],
  },
  {
    place: "Arlington VA: Northern Virginia",
    state: "VA",
    zip: "22201",
    city: "Arlington",
    day: TODAY,
    tax: 600,
    names: ["Virginia", "Northern Virginia regional sales tax"],
  },
  {
    place: "Arlington VA groceries: the reduced rate only",
    state: "VA",
    zip: "22201",
    city: "Arlington",
    day: TODAY,
    tax: 100,
    names: ["Virginia"],
    category: "GROCERIES",
  },
  {
    place: "Williamsburg VA (James City): Hampton Roads and Historic Triangle",
    state: "VA",
    zip: "23185",
    city: "Williamsburg",
    day: TODAY,
    tax: 700,
    names: ["Virginia", "Hampton Roads regional sales tax", "Historic Triangle regional sales tax"],
  },
  {
    place: "Richmond VA (city): Central Virginia",
    state: "VA",
    zip: "23220",
    city: "Richmond",
    day: TODAY,
    tax: 600,
    names: ["Virginia", "Central Virginia regional sales tax"],
  },
  {
    place: "Chatham VA (Pittsylvania) before its school tax",
    state: "VA",
    zip: "24531",
    city: "Chatham",
    day: "2023-06-30",
    tax: 530,
    names: ["Virginia"],
  },
  {
    place: "Chatham VA (Pittsylvania) with its school tax",
    state: "VA",
    zip: "24531",
    city: "Chatham",
    day: TODAY,
    tax: 630,
    names: ["Virginia", "Pittsylvania County and Danville additional local sales tax (schools)"],
  },
  {
    place: "Danville VA in 2023: the city's school tax, once",
    state: "VA",
    zip: "24541",
    city: "Danville",
    day: "2023-03-01",
    tax: 630,
    names: ["Virginia", "Danville additional local sales tax (schools)"],
  },
];

describe("US local data, south-east group (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "US local SE")).testSecret;
  });
  afterAll(() => system?.stop());

  for (const c of CASES) {
    it(`${c.place}: ${c.tax / 100}% on ${c.day}`, async () => {
      const body = await calculateAt(api, key, c, 10000);
      expect(body.total_tax_amount).toBe(c.tax);
      const taxed = body.line_items[0].tax_jurisdictions.filter((j: any) => j.tax_due_decimal > 0);
      expect(taxed.map((j: any) => j.jurisdiction_name)).toEqual(c.names);
    });
  }
});
