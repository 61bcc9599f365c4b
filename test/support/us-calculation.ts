// One calculation for a US place through the gateway: the body the rate-data suites send
// (one line, an address made of the ZIP, its city and state) and the 200 answer's body.
import { expect } from "vitest";
import type { createApi } from "./api.js";

export interface UsPlace {
  readonly state: string;
  readonly zip: string;
  readonly city: string;
  /** The day the rates are taken from (YYYY-MM-DD, noon UTC); today when absent. */
  readonly day?: string;
  readonly category?: string;
}

const noonOf = (day: string) => Math.floor(Date.parse(`${day}T12:00:00Z`) / 1000);

/** POSTs the calculation (`amount` minor units, quantity 1); the answer must be a 200, and its JSON is returned untyped for each suite to read. */
export async function calculateAt(
  api: ReturnType<typeof createApi>,
  key: string,
  place: UsPlace,
  amount: number,
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
        line_items: [
          {
            amount,
            quantity: 1,
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
