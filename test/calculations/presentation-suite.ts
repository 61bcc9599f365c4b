// Issue 16 item 11: what a calculation answer says and which requests it refuses, through
// the gateway: province codes in address_used, a spec precision on every answer, platform
// authority types from the spec's list, 405 for a known path's other methods,
// automatic_tax, and reference_line_item_id unique per order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import type { SystemUnderTest } from "../support/system.js";

const V = "2026-03-01";
const precisions = ["STREET", "POSTAL_PLUS", "POSTAL", "PROVINCE", "COUNTRY", "APPROXIMATED"];
const platformAuthorityTypes = ["STATE", "COUNTY", "CITY", "DISTRICT", ""];
// A US state / Canadian province code, an ISO 3166-2 subdivision suffix, or nothing.
const provinceCode = /^[A-Z0-9]{0,3}$/;
// Picked from the shipped GeoLite2 data (see services/geo-resolver/src/domain/resolve-location.test.ts).
const ips = { de: "2.16.32.1", canary: "2.137.0.1", usStateOnly: "4.1.192.1", v6UsStateOnly: "2001:1900::1" };

type Address = Record<string, string>;
const address = (country: string, postal: string, province = "", city = ""): Address => ({
  address_line_1: "1 Main St",
  address_city: city,
  address_province: province,
  address_postal_code: postal,
  address_country: country,
});
const line = (extra: Record<string, unknown> = {}) => ({
  amount: 10000,
  quantity: 1,
  product_category: "GENERAL_MERCHANDISE",
  ...extra,
});

export function describePresentation(mode: string, startSystem: () => Promise<SystemUnderTest>): void {
  describe(`calculation presentation (${mode})`, () => {
    let system: SystemUnderTest;
    let api: ReturnType<typeof createApi>;
    let key: string;

    const calc = (customer: Record<string, unknown>, order: Record<string, unknown> = {}, version = V) =>
      api("/tax/calculations", {
        key,
        version,
        body: { customer, order_details: { customer_currency_code: "EUR", line_items: [line()], ...order } },
      });
    const platform = (
      customer: Record<string, unknown>,
      order: Record<string, unknown> = {},
      extra: Record<string, unknown> = {},
    ) =>
      api("/tax/platform/calculations", {
        key,
        version: V,
        body: {
          customer,
          merchant: { merchant_id: "m-present" },
          order_details: { customer_currency_code: "EUR", line_items: [line()], ...order },
          roles: ["marketplace_provider"],
          ...extra,
        },
      });

    beforeAll(async () => {
      system = await startSystem();
      api = createApi(system.restUrl);
      key = (await createAccount(system.restUrl, system.adminToken, "Presentation")).testSecret;
      const merchant = await api("/tax/merchants", {
        key,
        version: V,
        body: {
          reference_merchant_id: "m-present",
          name: "Berlin GmbH",
          default_address: address("DE", "10115", "", "Berlin"),
        },
      });
      expect(merchant.status).toBe(200);
    });
    afterAll(() => system?.stop());

    describe("address_used.address_province is a code", () => {
      it("a caller's region name abroad is not echoed as if it were a code; a code is kept", async () => {
        const byName = await calc({ address: address("GB", "SW1A 1AA", "England", "London") });
        expect(byName.status, JSON.stringify(byName.body)).toBe(200);
        expect(byName.body.address_used).toMatchObject({ address_country: "GB", address_province: "" });
        const byCode = await calc({ address: address("GB", "SW1A 1AA", "eng", "London") });
        expect(byCode.body.address_used.address_province).toBe("ENG");
        const state = await calc({ address: address("US", "07302", "New Jersey") }, { customer_currency_code: "USD" });
        expect(state.body.address_used.address_province).toBe("NJ");
      });

      it("an IP abroad gives a code or nothing, never the record's region name, in both endpoints", async () => {
        for (const answer of [await calc({ ip: { value: ips.de } }), await platform({ ip: { value: ips.de } })]) {
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          expect(answer.body.address_used.address_country).toBe("DE");
          expect(answer.body.address_used.address_province).toMatch(provinceCode);
        }
        const canary = await calc({ ip: { value: ips.canary } });
        expect(canary.body.address_used).toMatchObject({ address_country: "ES", address_province: "CN" });
        expect(canary.body.total_tax_amount).toBe(700); // IGIC, not EU VAT (issue 18)
      });

      it("a zero-rate IP answer names the state by its code", async () => {
        const utah = await calc(
          { ip: { value: ips.usStateOnly, resolution: "zero" } },
          { customer_currency_code: "USD" },
        );
        expect(utah.status, JSON.stringify(utah.body)).toBe(200);
        expect(utah.body).toMatchObject({
          rate_coverage: "ZERO",
          address_used: { address_country: "US", address_province: "UT" },
        });
        const arizona = await platform(
          { ip: { value: ips.v6UsStateOnly, resolution: "best_effort" } },
          { customer_currency_code: "USD" },
        );
        expect(arizona.body.address_used).toMatchObject({ address_country: "US", address_province: "AZ" });
      });
    });

    describe("resolution_precision is always one of the spec's values", () => {
      it("zero-rate IP answers: PROVINCE when the state is known, COUNTRY when nothing is", async () => {
        const utah = await calc(
          { ip: { value: ips.usStateOnly, resolution: "zero" } },
          { customer_currency_code: "USD" },
        );
        expect(utah.body).toMatchObject({ total_tax_amount: 0, resolution_precision: "PROVINCE" });
        const reserved = await platform(
          { ip: { value: "10.1.2.3", resolution: "best_effort" } },
          { customer_currency_code: "USD" },
        );
        expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
        expect(reserved.body).toMatchObject({ rate_coverage: "ZERO", resolution_precision: "COUNTRY" });
      });

      it("exempt customers and countries without rates keep the precision of their address", async () => {
        const created = await api("/tax/customers", {
          key,
          body: { reference_customer_id: "present-exempt", is_tax_exempt: true },
        });
        expect(created.status).toBe(200);
        const exempt = await calc(
          { reference_customer_id: "present-exempt", address: address("US", "19103", "PA") },
          { customer_currency_code: "USD" },
        );
        expect(exempt.body).toMatchObject({ total_tax_amount: 0, resolution_precision: "POSTAL" });
        // Issue 18: a country without rates answers only with the opt-in (else 422).
        const unsupported = await api("/tax/calculations", {
          key,
          version: V,
          body: {
            customer: { address: address("AQ", "") },
            order_details: { customer_currency_code: "EUR", line_items: [line()] },
            allow_unsupported_jurisdiction: true,
          },
        });
        expect(unsupported.status, JSON.stringify(unsupported.body)).toBe(200);
        expect(unsupported.body.rate_coverage).toBe("UNSUPPORTED");
        expect(unsupported.body.total_tax_amount).toBe(0);
        expect(precisions).toContain(unsupported.body.resolution_precision);
      });
    });

    it("platform calculations list national VAT authorities with an empty tax_authority_type", async () => {
      const berlin = await platform(
        { address: address("DE", "10115", "", "Berlin") },
        {},
        { fee_details: { customer_currency_code: "EUR", line_items: [line({ amount: 500 })] } },
      );
      expect(berlin.status, JSON.stringify(berlin.body)).toBe(200);
      const entries = [...berlin.body.line_items, ...berlin.body.fee_line_items].flatMap(
        (item: any) => item.tax_jurisdictions,
      );
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries)
        expect(entry).toMatchObject({ tax_authority_type: "", tax_type: "VAT", jurisdiction_id: "DE" });
      const philadelphia = await platform({ address: address("US", "19103", "PA") }, { customer_currency_code: "USD" });
      const types = philadelphia.body.line_items[0].tax_jurisdictions.map((entry: any) => entry.tax_authority_type);
      expect(types.sort()).toEqual(["CITY", "STATE"]);
      for (const type of types) expect(platformAuthorityTypes).toContain(type);
    });

    describe("methods a path does not have answer 405 with Allow", () => {
      it("PUT and PATCH on existing paths, in the error shape of the request's version", async () => {
        const created = await api("/tax/customers", { key, body: { reference_customer_id: "present-405" } });
        const cases: Array<[string, string, string]> = [
          ["PUT", "/tax/customers", "GET, HEAD, POST"],
          ["PATCH", `/tax/customers/${created.body.id}`, "GET, HEAD, POST, DELETE"],
          ["PUT", "/tax/calculations", "POST"],
          ["PATCH", "/tax/products/some-product", "GET, HEAD, DELETE"],
        ];
        for (const [method, path, allow] of cases) {
          const flat = await api(path, { method, key, version: V, body: {} });
          expect(flat.status, `${method} ${path} ${JSON.stringify(flat.body)}`).toBe(405);
          expect(flat.headers.get("allow")).toBe(allow);
          expect(flat.body).toMatchObject({
            code: 405,
            type: "METHOD_NOT_ALLOWED",
            error: { error_code: "method_not_allowed" },
          });
        }
        const nested = await api("/tax/customers", { method: "PUT", key, version: "2024-09-01", body: {} });
        expect(nested.status).toBe(405);
        expect(nested.body).toEqual({ error: { error_code: "method_not_allowed", error_message: expect.any(String) } });
      });

      it("an unknown path is still 404, and a request without a key still 401", async () => {
        expect((await api("/tax/nothing-here", { method: "PUT", key, version: V, body: {} })).status).toBe(404);
        expect((await api("/tax/customers", { method: "PUT", version: V, body: {} })).status).toBe(401);
      });
    });

    it("automatic_tax other than auto is refused, naming the field, in both endpoints", async () => {
      const standard = await calc({ address: address("DE", "10115") }, { automatic_tax: "disabled" });
      expect(standard.status, JSON.stringify(standard.body)).toBe(400);
      expect(standard.body.error).toMatchObject({
        error_code: "invalid_field",
        error_meta: { field: "order_details.automatic_tax" },
      });
      const fees = await platform(
        { address: address("DE", "10115") },
        {},
        { fee_details: { customer_currency_code: "EUR", automatic_tax: "disabled", line_items: [line()] } },
      );
      expect(fees.status).toBe(400);
      expect(fees.body.error.error_meta.field).toBe("fee_details.automatic_tax");
      const auto = await calc({ address: address("DE", "10115") }, { automatic_tax: "auto" });
      expect(auto.body).toMatchObject({ automatic_tax: "auto", total_tax_amount: 1900 });
    });

    it("a reference_line_item_id used twice in one order is refused, in both endpoints", async () => {
      const lines = [
        line({ reference_line_item_id: "a" }),
        line({ reference_line_item_id: "b" }),
        line({ reference_line_item_id: "a" }),
      ];
      const standard = await calc({ address: address("DE", "10115") }, { line_items: lines });
      expect(standard.status, JSON.stringify(standard.body)).toBe(400);
      expect(standard.body.error).toMatchObject({
        error_code: "invalid_field",
        error_meta: { field: "order_details.line_items[2].reference_line_item_id" },
      });
      const onPlatform = await platform({ address: address("DE", "10115") }, { line_items: lines });
      expect(onPlatform.status).toBe(400);
      expect(onPlatform.body.error.error_meta.field).toBe("order_details.line_items[2].reference_line_item_id");
      const fees = await platform(
        { address: address("DE", "10115") },
        {},
        { fee_details: { customer_currency_code: "EUR", line_items: lines } },
      );
      expect(fees.body.error?.error_meta?.field).toBe("fee_details.line_items[2].reference_line_item_id");
      // Distinct ids, and lines without one, are fine; the fee order may reuse the order's ids.
      const fine = await platform(
        { address: address("DE", "10115") },
        { line_items: [line({ reference_line_item_id: "a" }), line(), line()] },
        { fee_details: { customer_currency_code: "EUR", line_items: [line({ reference_line_item_id: "a" })] } },
      );
      expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    });
  });
}
