// International VAT/GST through the gateway in embedded mode (issue 18 items 5 and 6): the
// EU history back to 2020 with its COVID-era temporary rates, the countries added in
// data/intl-*.json (today and around a dated change), the special territories, and the
// 422 a day before a place's history answers, naming the new earliest day.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import { INTL_CASES, type IntlCase } from "./intl-cases.js";

const noonOf = (day: string) => Math.floor(Date.parse(`${day}T12:00:00Z`) / 1000);

describe("international VAT/GST (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "International")).testSecret;
  });
  afterAll(() => system?.stop());

  const calculate = (c: IntlCase) =>
    api("/tax/calculations", {
      key,
      version: "2026-03-01",
      body: {
        customer: {
          address: {
            address_line_1: "1 Main St",
            address_city: c.city ?? "",
            address_province: c.province ?? "",
            address_postal_code: c.postal ?? "",
            address_country: c.country,
          },
        },
        order_details: {
          customer_currency_code: c.currency ?? "EUR",
          line_items: [
            {
              amount: 10000,
              quantity: 1,
              product_category: c.category ?? "GENERAL_MERCHANDISE",
              reference_line_item_id: "l1",
            },
          ],
        },
        ...(c.day === undefined ? {} : { transacted_at: noonOf(c.day) }),
      },
    });

  for (const c of INTL_CASES) {
    const what =
      "earliest" in c
        ? `422 naming ${c.earliest}`
        : "latest" in c
          ? `422 naming the last day ${c.latest}`
          : `${c.tax / 100}%${c.coverage ? ` ${c.coverage}` : ""}`;
    it(`${c.place} on ${c.day ?? "today"}: ${what}`, async () => {
      const response = await calculate(c);
      if ("latest" in c) {
        expect(response.status, JSON.stringify(response.body)).toBe(422);
        expect(response.body.error).toMatchObject({
          error_code: "unsupported_transacted_at",
          error_meta: { field: "transacted_at", latest_supported_date: c.latest },
        });
        return;
      }
      if ("earliest" in c) {
        expect(response.status, JSON.stringify(response.body)).toBe(422);
        expect(response.body.error).toMatchObject({
          error_code: "unsupported_transacted_at",
          error_meta: { field: "transacted_at", earliest_supported_date: c.earliest },
        });
        return;
      }
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.total_tax_amount).toBe(c.tax);
      if (c.coverage) expect(response.body.rate_coverage).toBe(c.coverage);
      if (c.noteContains) expect(response.body.line_items[0].tax_jurisdictions[0].note).toContain(c.noteContains);
      if (c.names) {
        const named = response.body.line_items[0].tax_jurisdictions.map((j: any) => j.jurisdiction_name);
        expect(named).toEqual(c.names);
      }
    });
  }
});
