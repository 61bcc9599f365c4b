// One calculation for a US place through the gateway: the body the rate-data suites send
// (one line, an address made of the ZIP, its city and state) and the 200 answer's body.
import { afterAll, beforeAll, expect } from "vitest";
import { createAccount, createApi } from "./api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "./system.js";

export interface UsPlace {
  readonly state: string;
  readonly zip: string;
  readonly city: string;
  /** The day the rates are taken from (YYYY-MM-DD, noon UTC); today when absent. */
  readonly day?: string;
  readonly category?: string;
}

const noonOf = (day: string) => Math.floor(Date.parse(`${day}T12:00:00Z`) / 1000);

/** How the one line is sold: one unit, tax on top, unless said otherwise. */
export interface LineTerms {
  readonly quantity?: number;
  readonly taxIncluded?: boolean;
}

/** POSTs the calculation (`amount` minor units for the whole line); the answer must be a 200, and its JSON is returned untyped for each suite to read. */
export async function calculateAt(
  api: ReturnType<typeof createApi>,
  key: string,
  place: UsPlace,
  amount: number,
  terms: LineTerms = {},
): Promise<any> {
  const response = await api("/tax/calculations", {
    key,
    version: "2026-03-01",
    body: {
      customer: {
        address: {
          address_line_1: "1 Main St",
          address_city: place.city,
          address_province: place.state,
          address_postal_code: place.zip,
          address_country: "US",
        },
      },
      order_details: {
        customer_currency_code: "USD",
        ...(terms.taxIncluded ? { tax_included_in_amount: true } : {}),
        line_items: [
          {
            amount,
            quantity: terms.quantity ?? 1,
            product_category: place.category ?? "GENERAL_MERCHANDISE",
            reference_line_item_id: "l1",
          },
        ],
      },
      ...(place.day === undefined ? {} : { transacted_at: noonOf(place.day) }),
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** What a one-line calculation charged: the combined rate (sum of the jurisdictions' rates, to 6 places), the tax, the coverage and the jurisdictions' names, sorted. */
export interface Charged {
  readonly rate: number;
  readonly tax: number;
  readonly coverage: string;
  readonly names: string[];
}

/** `calculateAt` for $1,000.00 (or `amount`) and the parts of the answer the rate-data suites compare. */
export async function chargedAt(
  api: ReturnType<typeof createApi>,
  key: string,
  place: UsPlace,
  amount = 100000,
): Promise<Charged> {
  const body = await calculateAt(api, key, place, amount);
  const entries: Array<{ tax_rate: number; jurisdiction_name: string }> = body.line_items[0].tax_jurisdictions;
  return {
    rate: Math.round(entries.reduce((sum, e) => sum + e.tax_rate, 0) * 1e6) / 1e6,
    tax: body.total_tax_amount,
    coverage: body.rate_coverage,
    names: entries.map((e) => e.jurisdiction_name).sort(),
  };
}

/**
 * Embedded Levy for the enclosing `describe` block, with an account of its own: `charged`
 * prices $1,000.00 (or `amount`) of general merchandise at a place on `defaultDay` unless
 * told another day, `calculate` returns the whole answer.
 */
export function embeddedUsCharges(accountName: string, defaultDay: string) {
  let system: SystemUnderTest | undefined;
  let api: ReturnType<typeof createApi>;
  let key = "";
  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, accountName)).testSecret;
  });
  afterAll(() => system?.stop());
  return {
    charged: (state: string, zip: string, city: string, day = defaultDay, category?: string) =>
      chargedAt(api, key, { state, zip, city, day, ...(category === undefined ? {} : { category }) }),
    calculate: (place: UsPlace, amount: number, terms?: LineTerms) => calculateAt(api, key, place, amount, terms),
  };
}
