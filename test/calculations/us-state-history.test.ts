// US state rates back to 2019-01-01 (issue 18 item 5), through the gateway in embedded
// mode: a day before the history is a 422 naming 2019-01-01; the state changes of
// 2019-2022 (Utah 4.70% -> 4.85%, New Mexico 5.125% -> 5.0%) and the grocery rules of those
// years (Illinois' 2022-2023 suspension, Virginia's 2.5% food rate, Arkansas' 1.5%) land on
// their days; where local data starts later the answer says so (STATE_ONLY or PARTIAL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import { calculateAt, type UsPlace } from "../support/us-calculation.js";

interface Case extends UsPlace {
  readonly place: string;
  /** Tax on $100.00, in cents. */
  readonly tax: number;
  /**
   * The state's own rate, checked instead of its cents where local lines share the
   * order's rounding (the state's cents then depend on which local taxes are held).
   */
  readonly stateRate?: number;
  readonly coverage?: string;
}

const CASES: readonly Case[] = [
  {
    place: "Wilmington DE (no sales tax) in 2019",
    state: "DE",
    zip: "19801",
    city: "Wilmington",
    day: "2019-01-01",
    tax: 0,
    coverage: "FULL",
  },
  {
    place: "Portland OR in 2020",
    state: "OR",
    zip: "97201",
    city: "Portland",
    day: "2020-06-01",
    tax: 0,
    coverage: "FULL",
  },
  {
    place: "Portland ME in 2021",
    state: "ME",
    zip: "04101",
    city: "Portland",
    day: "2021-06-01",
    tax: 550,
    coverage: "FULL",
  },
  {
    place: "Philadelphia PA in 2022: the state rate, local data from 2023",
    state: "PA",
    zip: "19103",
    city: "Philadelphia",
    day: "2022-12-31",
    tax: 600,
    coverage: "STATE_ONLY",
  },
  {
    place: "Salt Lake City UT before Proposition 3 (state 4.70%)",
    state: "UT",
    zip: "84111",
    city: "Salt Lake City",
    day: "2019-03-31",
    tax: 470,
  },
  {
    place: "Salt Lake City UT from 2019-04-01 (state 4.85%)",
    state: "UT",
    zip: "84111",
    city: "Salt Lake City",
    day: "2019-04-01",
    tax: 485,
  },
  {
    place: "Santa Fe NM before HB 163 (5.125%)",
    state: "NM",
    zip: "87501",
    city: "Santa Fe",
    day: "2022-06-30",
    tax: 513,
    stateRate: 0.05125,
  },
  {
    place: "Springfield IL groceries during the 2022-2023 suspension",
    state: "IL",
    zip: "62701",
    city: "Springfield",
    day: "2022-10-01",
    category: "GROCERIES",
    tax: 0,
  },
  {
    place: "Springfield IL groceries after it",
    state: "IL",
    zip: "62701",
    city: "Springfield",
    day: "2023-07-01",
    category: "GROCERIES",
    tax: 100,
  },
  {
    place: "Richmond VA groceries at 2.5% in 2022",
    state: "VA",
    zip: "23219",
    city: "Richmond",
    day: "2022-06-01",
    category: "GROCERIES",
    tax: 250,
  },
  {
    place: "Little Rock AR groceries at the state's 1.5% before 2019-07-01",
    state: "AR",
    zip: "72201",
    city: "Little Rock",
    day: "2019-06-30",
    category: "GROCERIES",
    tax: 150,
  },
];

describe("US state rates back to 2019 (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "US history")).testSecret;
  });
  afterAll(() => system?.stop());

  for (const c of CASES) {
    it(`${c.place} on ${c.day}: ${c.tax} cents${c.coverage ? ` ${c.coverage}` : ""}`, async () => {
      const body = await calculateAt(api, key, c, 10000);
      // State-level part only where local data exists: compare the state's own line.
      const state = body.line_items[0].tax_jurisdictions.filter((j: any) => j.tax_authority_type === "STATE");
      const stateTax = state.reduce((sum: number, j: any) => sum + j.tax_due_decimal, 0);
      if (c.stateRate !== undefined) {
        const stateRate = state.reduce((sum: number, j: any) => sum + j.tax_rate, 0);
        expect(stateRate, JSON.stringify(state)).toBeCloseTo(c.stateRate, 9);
        return;
      }
      expect(
        c.coverage === undefined ? stateTax : body.total_tax_amount,
        JSON.stringify(body.line_items[0].tax_jurisdictions),
      ).toBe(c.tax);
      if (c.coverage) expect(body.rate_coverage).toBe(c.coverage);
    });
  }

  it("a day before 2019-01-01 is a 422 naming 2019-01-01", async () => {
    const response = await api("/tax/calculations", {
      key,
      version: "2026-03-01",
      body: {
        customer: {
          address: {
            address_line_1: "1 Main St",
            address_city: "Philadelphia",
            address_province: "PA",
            address_postal_code: "19103",
            address_country: "US",
          },
        },
        order_details: {
          customer_currency_code: "USD",
          line_items: [{ amount: 10000, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
        },
        transacted_at: Math.floor(Date.parse("2018-12-31T12:00:00Z") / 1000),
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.error).toMatchObject({
      error_code: "unsupported_transacted_at",
      error_meta: { earliest_supported_date: "2019-01-01" },
    });
  });
});
