// Issue 18 item 5: a calculation Levy cannot answer from its data says so instead of
// charging zero: a code that is not an ISO country is a 400 (suggesting the right code),
// a country without rate data a 422 unless the request opts in to a zero answer, and a
// transacted_at before the place's rate history a 422 naming the earliest supported day.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import type { SystemUnderTest } from "../support/system.js";

const V = "2026-03-01";
const at = (iso: string) => Math.floor(Date.parse(`${iso}T12:00:00Z`) / 1000);
// From the shipped GeoLite2 data: a Brazilian network (country only). Brazil stays without
// rate data (its ICMS/PIS/COFINS/ISS system is not modelled), so it is the unsupported example.
const brazilianIp = "189.0.0.1";

type Address = Record<string, string>;
const address = (country: string, postal = "", province = "", city = ""): Address => ({
  address_line_1: "1 Main St",
  address_city: city,
  address_province: province,
  address_postal_code: postal,
  address_country: country,
});
const saoPaulo = address("BR", "01001-000", "SP", "São Paulo");
const philadelphia = address("US", "19103", "PA", "Philadelphia");
const berlin = address("DE", "10115", "", "Berlin");
const order = (currency: string) => ({
  customer_currency_code: currency,
  line_items: [{ amount: 10000, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
});

export function describeNoSilentZeros(mode: string, startSystem: () => Promise<SystemUnderTest>): void {
  describe(`no silent zeros (${mode})`, () => {
    let system: SystemUnderTest;
    let api: ReturnType<typeof createApi>;
    let key: string;

    const calc = (body: Record<string, unknown>, version = V) => api("/tax/calculations", { key, version, body });
    const platform = (body: Record<string, unknown>) =>
      api("/tax/platform/calculations", {
        key,
        version: V,
        body: { merchant: { merchant_id: "m-nz-de" }, roles: ["marketplace_provider"], ...body },
      });

    beforeAll(async () => {
      system = await startSystem();
      api = createApi(system.restUrl);
      key = (await createAccount(system.restUrl, system.adminToken, "No silent zeros")).testSecret;
      for (const [reference, place] of [
        ["m-nz-de", berlin],
        ["m-nz-br", saoPaulo],
      ] as const) {
        const merchant = await api("/tax/merchants", {
          key,
          version: V,
          body: { reference_merchant_id: reference, name: reference, default_address: place },
        });
        expect(merchant.status, JSON.stringify(merchant.body)).toBe(200);
      }
    });
    afterAll(() => system?.stop());

    describe("a country code that is not ISO 3166-1 alpha-2 is a 400", () => {
      it('"UK" suggests GB and "EL" (Greece as VAT numbers spell it) suggests GR', async () => {
        for (const [sent, suggested] of [
          ["UK", "GB"],
          ["uk", "GB"],
          ["EL", "GR"],
        ] as const) {
          const response = await calc({
            customer: { address: address(sent, "SW1A 1AA") },
            order_details: order("GBP"),
          });
          expect(response.status, JSON.stringify(response.body)).toBe(400);
          expect(response.body.error).toMatchObject({
            error_code: "invalid_field",
            error_meta: { field: "customer.address.address_country" },
          });
          expect(response.body.error.error_message).toContain(`"${suggested}"`);
        }
      });

      it("a code that is no country at all is refused without a suggestion", async () => {
        const response = await calc({ customer: { address: address("QQ") }, order_details: order("USD") });
        expect(response.status).toBe(400);
        expect(response.body.error).toMatchObject({
          error_code: "invalid_field",
          error_meta: { field: "customer.address.address_country" },
        });
        expect(response.body.error.error_message).not.toContain("did you mean");
      });

      it("a merchant's default address is checked the same way", async () => {
        const response = await api("/tax/merchants", {
          key,
          version: V,
          body: { reference_merchant_id: "m-nz-uk", name: "London Ltd", default_address: address("UK", "SW1A 1AA") },
        });
        expect(response.status).toBe(400);
        expect(response.body.error).toMatchObject({
          error_code: "invalid_field",
          error_meta: { field: "default_address.address_country" },
        });
        expect(response.body.error.error_message).toContain('"GB"');
      });
    });

    describe("a country without rate data is a 422 unless the request opts in", () => {
      it("Brazil: 422 unsupported_jurisdiction naming the country and the field, in the flat shape", async () => {
        const response = await calc({ customer: { address: saoPaulo }, order_details: order("BRL") });
        expect(response.status, JSON.stringify(response.body)).toBe(422);
        expect(response.body).toMatchObject({ code: 422, type: "UNSUPPORTED_JURISDICTION" });
        expect(response.body.error).toMatchObject({
          error_code: "unsupported_jurisdiction",
          error_meta: { field: "customer.address.address_country", country: "BR" },
        });
        expect(response.body.error.error_message).toMatch(/Brazil/);
        expect(response.body.error.error_message).toContain("allow_unsupported_jurisdiction");
      });

      it("the nested shape under 2024-09-01: every version refuses", async () => {
        const response = await calc({ customer: { address: saoPaulo }, order_details: order("USD") }, "2024-09-01");
        expect(response.status).toBe(422);
        expect(response.body.code).toBeUndefined();
        expect(response.body.error).toMatchObject({
          error_code: "unsupported_jurisdiction",
          error_meta: { field: "customer.address.address_country" },
        });
      });

      it("with allow_unsupported_jurisdiction: true, zero tax marked UNSUPPORTED (any version)", async () => {
        for (const version of [V, "2024-09-01"]) {
          const currency = version === V ? "BRL" : "USD";
          const response = await calc(
            { customer: { address: saoPaulo }, order_details: order(currency), allow_unsupported_jurisdiction: true },
            version,
          );
          expect(response.status, JSON.stringify(response.body)).toBe(200);
          expect(response.body).toMatchObject({ total_tax_amount: 0, rate_coverage: "UNSUPPORTED" });
        }
      });

      it("allow_unsupported_jurisdiction must be a boolean, and false refuses as if absent", async () => {
        const notBoolean = await calc({
          customer: { address: saoPaulo },
          order_details: order("BRL"),
          allow_unsupported_jurisdiction: "yes",
        });
        expect(notBoolean.status).toBe(400);
        expect(notBoolean.body.error.error_meta.field).toBe("allow_unsupported_jurisdiction");
        const no = await calc({
          customer: { address: saoPaulo },
          order_details: order("BRL"),
          allow_unsupported_jurisdiction: false,
        });
        expect(no.status).toBe(422);
      });

      it("an IP located in Brazil names customer.ip; the opt-in answers zero", async () => {
        const refused = await calc({ customer: { ip: { value: brazilianIp } }, order_details: order("BRL") });
        expect(refused.status, JSON.stringify(refused.body)).toBe(422);
        expect(refused.body.error).toMatchObject({
          error_code: "unsupported_jurisdiction",
          error_meta: { field: "customer.ip", country: "BR" },
        });
        const allowed = await calc({
          customer: { ip: { value: brazilianIp } },
          order_details: order("BRL"),
          allow_unsupported_jurisdiction: true,
        });
        expect(allowed.status).toBe(200);
        expect(allowed.body).toMatchObject({
          total_tax_amount: 0,
          rate_coverage: "UNSUPPORTED",
          location_source: "ip",
        });
      });

      it("platform calculations: the customer's country, and fees taxed where a merchant without rate data is", async () => {
        const customer = await platform({ customer: { address: saoPaulo }, order_details: order("BRL") });
        expect(customer.status, JSON.stringify(customer.body)).toBe(422);
        expect(customer.body.error).toMatchObject({
          error_code: "unsupported_jurisdiction",
          error_meta: { field: "customer.address.address_country" },
        });
        const allowed = await platform({
          customer: { address: saoPaulo },
          order_details: order("BRL"),
          allow_unsupported_jurisdiction: true,
        });
        expect(allowed.status).toBe(200);
        expect(allowed.body).toMatchObject({ rate_coverage: "UNSUPPORTED", totals: { order: { tax_amount: 0 } } });

        const fees = {
          customer: { address: berlin },
          merchant: { merchant_id: "m-nz-br" },
          order_details: order("EUR"),
          fee_details: order("EUR"),
        };
        const refusedFees = await platform(fees);
        expect(refusedFees.status, JSON.stringify(refusedFees.body)).toBe(422);
        expect(refusedFees.body.error).toMatchObject({
          error_code: "unsupported_jurisdiction",
          error_meta: { field: "merchant.default_address.address_country", country: "BR" },
        });
        const allowedFees = await platform({ ...fees, allow_unsupported_jurisdiction: true });
        expect(allowedFees.status).toBe(200);
        expect(allowedFees.body.totals).toMatchObject({ order: { tax_amount: 1900 }, fees: { tax_amount: 0 } });
      });
    });

    describe("a transacted_at before the place's rate history is a 422 naming the earliest day", () => {
      it("Philadelphia on 2018-12-31: refused naming 2019-01-01; from then the state rate, the city's from 2023", async () => {
        const before = await calc({
          customer: { address: philadelphia },
          order_details: order("USD"),
          transacted_at: at("2018-12-31"),
        });
        expect(before.status, JSON.stringify(before.body)).toBe(422);
        expect(before.body).toMatchObject({ code: 422, type: "UNSUPPORTED_TRANSACTED_AT" });
        expect(before.body.error).toMatchObject({
          error_code: "unsupported_transacted_at",
          error_meta: { field: "transacted_at", earliest_supported_date: "2019-01-01" },
        });
        expect(before.body.error.error_message).toContain("2019-01-01");
        // Pennsylvania's rate is held from 2019; Philadelphia's 2% only from 2023, and the answer says so.
        const first = await calc({
          customer: { address: philadelphia },
          order_details: order("USD"),
          transacted_at: at("2019-01-01"),
        });
        expect(first.status).toBe(200);
        expect(first.body).toMatchObject({ total_tax_amount: 600, rate_coverage: "STATE_ONLY" });
        const withCity = await calc({
          customer: { address: philadelphia },
          order_details: order("USD"),
          transacted_at: at("2023-01-01"),
        });
        expect(withCity.body).toMatchObject({ total_tax_amount: 800, rate_coverage: "FULL" });
      });

      it("Germany before 2020: refused naming its first day (the opt-in does not lift it); July 2020 at the temporary 16%", async () => {
        for (const extra of [{}, { allow_unsupported_jurisdiction: true }]) {
          const response = await calc({
            customer: { address: berlin },
            order_details: order("EUR"),
            transacted_at: at("2019-12-31"),
            ...extra,
          });
          expect(response.status, JSON.stringify(response.body)).toBe(422);
          expect(response.body.error).toMatchObject({
            error_code: "unsupported_transacted_at",
            error_meta: { field: "transacted_at", earliest_supported_date: "2020-01-01" },
          });
        }
        const platformAnswer = await platform({
          customer: { address: berlin },
          order_details: order("EUR"),
          transacted_at: at("2019-12-31"),
        });
        expect(platformAnswer.status).toBe(422);
        expect(platformAnswer.body.error.error_code).toBe("unsupported_transacted_at");
        const july2020 = await calc({
          customer: { address: berlin },
          order_details: order("EUR"),
          transacted_at: at("2020-07-15"),
        });
        expect(july2020.status, JSON.stringify(july2020.body)).toBe(200);
        expect(july2020.body).toMatchObject({ total_tax_amount: 1600, rate_coverage: "FULL" });
      });
    });

    it("ordinary calculations are unchanged", async () => {
      const germany = await calc({ customer: { address: berlin }, order_details: order("EUR") });
      expect(germany.status).toBe(200);
      expect(germany.body).toMatchObject({ total_tax_amount: 1900, rate_coverage: "FULL" });
      const pennsylvania = await calc({
        customer: { address: philadelphia },
        order_details: order("USD"),
        transacted_at: at("2024-06-01"),
      });
      expect(pennsylvania.body).toMatchObject({ total_tax_amount: 800, rate_coverage: "FULL" });
      const withOptIn = await calc({
        customer: { address: berlin },
        order_details: order("EUR"),
        allow_unsupported_jurisdiction: true,
      });
      expect(withOptIn.body).toMatchObject({ total_tax_amount: 1900, rate_coverage: "FULL" });
    });
  });
}
