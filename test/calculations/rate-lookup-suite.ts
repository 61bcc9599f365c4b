// Issue 21 item 4 through the gateway: GET /tax/rates answers what a calculation at the
// place would use (jurisdictions, rates, coverage) without storing anything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import type { SystemUnderTest } from "../support/system.js";

const manhattan = "country=US&province=NY&postal_code=10118&city=New%20York";
const rateIds = (body: { jurisdictions: { jurisdiction_id: string; tax_rate: number }[] }) =>
  body.jurisdictions.map((j) => [j.jurisdiction_id, j.tax_rate]);

export function describeRateLookup(mode: string, startSystem: () => Promise<SystemUnderTest>): void {
  describe(`rate lookup (${mode})`, () => {
    let system: SystemUnderTest;
    let api: ReturnType<typeof createApi>;
    let key: string;
    const get = (query: string) => api(`/tax/rates?${query}`, { key });

    beforeAll(async () => {
      system = await startSystem();
      api = createApi(system.restUrl);
      key = (await createAccount(system.restUrl, system.adminToken, "Rates")).testSecret;
    });
    afterAll(() => system?.stop());

    it("answers the jurisdictions and rates a calculation at the same place uses", async () => {
      const lookup = await get(`${manhattan}&category=GENERAL_MERCHANDISE&date=2026-03-15`);
      expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
      expect(lookup.body).toMatchObject({
        object: "tax.rate_lookup",
        date: "2026-03-15",
        product_category: "GENERAL_MERCHANDISE",
        amount: 10_000,
        currency_code: "USD",
        combined_rate: 0.08875,
        address_used: expect.objectContaining({ address_postal_code: "10118", address_province: "NY" }),
        testmode: true,
      });
      expect(lookup.body).not.toHaveProperty("id");
      const calculation = await api("/tax/calculations", {
        key,
        body: {
          customer: {
            address: {
              address_line_1: "350 5th Ave",
              address_city: "New York",
              address_province: "NY",
              address_postal_code: "10118",
              address_country: "US",
            },
          },
          transacted_at: Date.parse("2026-03-15T12:00:00Z") / 1000,
          order_details: {
            customer_currency_code: "USD",
            line_items: [{ amount: 10_000, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
          },
        },
      });
      expect(calculation.status, JSON.stringify(calculation.body)).toBe(200);
      const line = calculation.body.line_items[0];
      expect(rateIds(lookup.body)).toEqual(
        line.tax_jurisdictions.map((j: { jurisdiction_id: string; tax_rate: number }) => [
          j.jurisdiction_id,
          j.tax_rate,
        ]),
      );
      expect(lookup.body.rate_coverage).toBe(calculation.body.rate_coverage);
    });

    it("evaluates price-dependent rules at the given unit price", async () => {
      // New York exempts clothing under $110 an item (state and city alike).
      const cheap = await get(`${manhattan}&category=CLOTHING_GENERAL&amount=5000`);
      const dear = await get(`${manhattan}&category=CLOTHING_GENERAL&amount=20000`);
      expect([cheap.status, dear.status]).toEqual([200, 200]);
      expect(cheap.body.combined_rate).toBe(0);
      expect(dear.body.combined_rate).toBe(0.08875);
      expect(cheap.body.amount).toBe(5000);
    });

    it("follows dated changes: Germany's reduced VAT in the second half of 2020", async () => {
      const food = (date: string) => get(`country=DE&postal_code=10115&category=GROCERIES&date=${date}`);
      const [cut, after] = await Promise.all([food("2020-08-01"), food("2021-02-01")]);
      expect([cut.status, after.status], JSON.stringify(cut.body)).toEqual([200, 200]);
      expect(cut.body.combined_rate).toBe(0.05);
      expect(after.body.combined_rate).toBe(0.07);
    });

    it("refuses bad questions with a 4xx naming the parameter", async () => {
      const cases: [string, number, string][] = [
        ["country=UK&category=GENERAL_MERCHANDISE", 400, "GB"],
        ["country=US&province=MI&postal_code=48226", 400, "category"],
        ["country=US&province=MI&postal_code=48226&category=SPACESHIPS", 400, "category"],
        ["country=US&province=MI&postal_code=48226&category=GENERAL_MERCHANDISE&amount=-1", 400, "amount"],
        ["country=US&province=MI&postal_code=48226&category=GENERAL_MERCHANDISE&zip=48226", 400, "zip"],
        ["country=AQ&category=GENERAL_MERCHANDISE", 422, "unsupported_jurisdiction"],
        ["country=DE&postal_code=10115&category=GENERAL_MERCHANDISE&date=2019-12-31", 422, '"field":"date"'],
      ];
      for (const [query, status, mention] of cases) {
        const response = await get(query);
        expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(status);
        expect(JSON.stringify(response.body), query).toContain(mention);
      }
    });
  });
}
