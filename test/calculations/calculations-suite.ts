// Issue 5's must-shows and the calculation rules, through the gateway.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import type { SystemUnderTest } from "../support/system.js";

const V = "2026-03-01";
const at = (iso: string) => Math.floor(Date.parse(`${iso}T12:00:00Z`) / 1000);

type Address = Record<string, string>;
const address = (country: string, postal: string, province = "", city = ""): Address => ({
  address_line_1: "1 Main St",
  address_city: city,
  address_province: province,
  address_postal_code: postal,
  address_country: country,
});

export function describeCalculations(mode: string, startSystem: () => Promise<SystemUnderTest>): void {
  describe(`calculations (${mode})`, () => {
    let system: SystemUnderTest;
    let api: ReturnType<typeof createApi>;
    let account: AccountKeys;
    let key: string;

    const calc = (body: unknown, version = V) => api("/tax/calculations", { key, version, body });
    const simple = (
      addr: Address,
      currency: string,
      amount: number,
      category = "GENERAL_MERCHANDISE",
      extra: Record<string, unknown> = {},
    ) =>
      calc({
        customer: { address: addr },
        order_details: {
          customer_currency_code: currency,
          line_items: [{ amount, quantity: 1, product_category: category, reference_line_item_id: "l1" }],
          ...((extra.order as object) ?? {}),
        },
        ...((extra.top as object) ?? {}),
      });

    beforeAll(async () => {
      system = await startSystem();
      api = createApi(system.restUrl);
      account = await createAccount(system.restUrl, system.adminToken, "Calculations");
      key = account.testSecret;
    });
    afterAll(() => system?.stop());

    it("Detroit MI 48226: 6% on general merchandise, exclusive and inclusive", async () => {
      const exclusive = await simple(address("US", "48226", "MI", "Detroit"), "USD", 10000);
      expect(exclusive.status).toBe(200);
      expect(exclusive.body).toMatchObject({
        object: "tax.calculation",
        testmode: true,
        total_tax_amount: 600,
        total_amount_excluding_tax: 10000,
        total_amount_including_tax: 10600,
        tax_included_in_amount: false,
        customer_currency_code: "USD",
        customer: { type: "CONSUMER" },
        automatic_tax: "auto",
        location_source: "address",
      });
      expect(exclusive.body.id).toMatch(/^calc_/);
      expect(exclusive.body.expires_at).toBeGreaterThan(exclusive.body.created_at);
      const line = exclusive.body.line_items[0];
      expect(line).toMatchObject({
        tax_amount: 600,
        amount_excluding_tax: 10000,
        amount_including_tax: 10600,
        quantity: 1,
      });
      expect(line.product).toMatchObject({
        reference_line_item_id: "l1",
        reference_product_id: "GENERAL_MERCHANDISE",
        product_tax_code: "GENERAL_MERCHANDISE",
      });
      expect(line.tax_jurisdictions).toHaveLength(1);
      expect(line.tax_jurisdictions[0]).toMatchObject({
        tax_rate: 0.06,
        tax_due_decimal: 600,
        fee_amount: 0,
        rate_type: "standard",
        tax_authority_type: "STATE",
        tax_type: "SALES",
      });
      expect(exclusive.body.address_used).toMatchObject({
        address_country: "US",
        address_province: "MI",
        address_postal_code: "48226",
      });

      const inclusive = await simple(address("US", "48226", "MI"), "USD", 10600, "GENERAL_MERCHANDISE", {
        order: { tax_included_in_amount: true },
      });
      expect(inclusive.body).toMatchObject({
        total_tax_amount: 600,
        total_amount_excluding_tax: 10000,
        total_amount_including_tax: 10600,
        tax_included_in_amount: true,
      });
    });

    it("Philadelphia PA 19103: clothing exempt, general merchandise 8% in state and city", async () => {
      const clothing = await simple(address("US", "19103", "PA", "Philadelphia"), "USD", 5000, "CLOTHING_GENERAL");
      expect(clothing.body.total_tax_amount).toBe(0);
      const general = await simple(address("US", "19103", "PA", "Philadelphia"), "USD", 10000);
      expect(general.body.total_tax_amount).toBe(800);
      const entries = general.body.line_items[0].tax_jurisdictions;
      expect(entries).toHaveLength(2);
      expect(entries.map((e: any) => e.tax_authority_type).sort()).toEqual(["CITY", "STATE"]);
      expect(entries.reduce((sum: number, e: any) => sum + e.tax_due_decimal, 0)).toBe(800);
    });

    it("Berlin 19%; Helsinki 24% before and 25.5% from 2024-09-01", async () => {
      expect((await simple(address("DE", "10115", "", "Berlin"), "EUR", 10000)).body.total_tax_amount).toBe(1900);
      const before = await simple(address("FI", "00100", "", "Helsinki"), "EUR", 10000, "GENERAL_MERCHANDISE", {
        top: { transacted_at: at("2024-08-31") },
      });
      expect(before.body.total_tax_amount).toBe(2400);
      const after = await simple(address("FI", "00100", "", "Helsinki"), "EUR", 10000, "GENERAL_MERCHANDISE", {
        top: { transacted_at: at("2024-09-02") },
      });
      expect(after.body.total_tax_amount).toBe(2550);
      expect(after.body.line_items[0].tax_jurisdictions[0]).toMatchObject({
        tax_rate: 0.255,
        tax_type: "VAT",
        tax_authority_type: "COUNTRY",
      });
      expect(after.body.transacted_at).toBe(at("2024-09-02"));
    });

    it("Vancouver BC: GST and PST as two entries; Toronto ON: one HST entry", async () => {
      const bc = await simple(address("CA", "V6B 1A1", "BC", "Vancouver"), "CAD", 10000);
      expect(bc.body.total_tax_amount).toBe(1200);
      const entries = bc.body.line_items[0].tax_jurisdictions;
      expect(entries.map((e: any) => e.tax_due_decimal).sort((a: number, b: number) => a - b)).toEqual([500, 700]);
      const on = await simple(address("CA", "M5H 2N2", "ON", "Toronto"), "CAD", 10000);
      expect(on.body.total_tax_amount).toBe(1300);
      expect(on.body.line_items[0].tax_jurisdictions).toHaveLength(1);
    });

    it("Canada without a province takes it from the postal code", async () => {
      const response = await simple(address("CA", "V6B 1A1"), "CAD", 10000);
      expect(response.status).toBe(200);
      expect(response.body.address_used.address_province).toBe("BC");
      expect(response.body.total_tax_amount).toBe(1200);
    });

    it("Tokyo in yen (zero-decimal): 10%", async () => {
      const response = await simple(address("JP", "100-0001", "", "Tokyo"), "JPY", 1000);
      expect(response.body.total_tax_amount).toBe(100);
    });

    it("Canary Islands and Åland get no EU VAT, but the tax that applies there (IGIC 7%, the Finnish rates)", async () => {
      for (const [country, postal, tax] of [
        ["ES", "35001", 700],
        ["FI", "22100", 2550],
      ] as const) {
        const response = await simple(address(country, postal), "EUR", 10000);
        expect(response.status).toBe(200);
        expect(response.body.total_tax_amount).toBe(tax);
      }
    });

    it("an exempt catalog customer pays nothing on any line", async () => {
      const created = await api("/tax/customers", {
        key,
        body: { email: "exempt@example.com", reference_customer_id: "exempt-1", is_tax_exempt: true },
      });
      expect(created.status).toBe(200);
      const response = await calc({
        customer: { reference_customer_id: "exempt-1", address: address("US", "19103", "PA") },
        order_details: {
          customer_currency_code: "USD",
          line_items: [
            { amount: 10000, product_category: "GENERAL_MERCHANDISE" },
            { amount: 5000, product_category: "ELECTRONIC_GOODS" },
          ],
        },
      });
      expect(response.status).toBe(200);
      expect(response.body.total_tax_amount).toBe(0);
      expect(response.body.exemption_reason).toBe("customer_exempt");
      expect(response.body.customer).toMatchObject({ id: created.body.id, reference_customer_id: "exempt-1" });
      for (const line of response.body.line_items)
        for (const entry of line.tax_jurisdictions)
          expect(entry).toMatchObject({ tax_due_decimal: 0, rate_type: "exempt" });
      const unknown = await calc({
        customer: { id: "cust_doesnotexist000000", address: address("US", "19103", "PA") },
        order_details: {
          customer_currency_code: "USD",
          line_items: [{ amount: 1, product_category: "GENERAL_MERCHANDISE" }],
        },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.error_code).toBe("customer_not_found");
    });

    it("names the product from the catalog and rejects unknown products", async () => {
      await api("/tax/products", {
        key,
        body: {
          reference_product_id: "tee-1",
          reference_product_name: "T-shirt",
          product_category: "CLOTHING_GENERAL",
        },
      });
      const response = await calc({
        customer: { address: address("US", "19103", "PA") },
        order_details: { customer_currency_code: "USD", line_items: [{ amount: 5000, reference_product_id: "tee-1" }] },
      });
      expect(response.body.line_items[0].product).toMatchObject({
        reference_product_id: "tee-1",
        reference_product_name: "T-shirt",
        product_tax_code: "CLOTHING_GENERAL",
      });
      expect(response.body.total_tax_amount).toBe(0);
      const missing = await calc({
        customer: { address: address("US", "19103", "PA") },
        order_details: { customer_currency_code: "USD", line_items: [{ amount: 5000, reference_product_id: "nope" }] },
      });
      expect(missing.status).toBe(400);
      expect(missing.body.error.error_code).toBe("PRODUCT_NOT_FOUND");
    });

    it("looks up all products of an order in one catalog call", async () => {
      // Catalog's own request counter (its ops port's /metrics) shows the calls it served.
      const served = async (method: string) => {
        const text = await (await fetch(`http://127.0.0.1:${system.opsPorts.catalog}/metrics`)).text();
        const pattern = new RegExp(
          `^levy_rpc_server_requests_total\\{[^}]*method="levy\\.catalog\\.v1\\.CatalogService/${method}"[^}]*\\} (\\S+)$`,
          "gm",
        );
        return [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
      };
      const skus = ["batch-a", "batch-b", "batch-c", "batch-d"];
      for (const sku of skus)
        await api("/tax/products", {
          key,
          body: { reference_product_id: sku, reference_product_name: sku, product_category: "GENERAL_MERCHANDISE" },
        });
      const before = { one: await served("GetProduct"), batch: await served("BatchGetProducts") };
      const lines = [...skus, "batch-a"].map((sku, index) => ({
        amount: 1000,
        reference_product_id: sku,
        reference_line_item_id: `l${index}`,
      }));
      const response = await calc({
        customer: { address: address("US", "19103", "PA") },
        order_details: { customer_currency_code: "USD", line_items: lines },
      });
      expect(response.status).toBe(200);
      expect(response.body.line_items.map((line: any) => line.product.reference_product_id)).toEqual([
        ...skus,
        "batch-a",
      ]);
      expect({
        one: (await served("GetProduct")) - before.one,
        batch: (await served("BatchGetProducts")) - before.batch,
      }).toEqual({ one: 0, batch: 1 });
    });

    it("validates the body with field-named errors", async () => {
      const base = {
        customer: { address: address("US", "48226", "MI") },
        order_details: {
          customer_currency_code: "USD",
          line_items: [{ amount: 100, product_category: "GENERAL_MERCHANDISE" }],
        },
      };
      const missing = await calc({ customer: base.customer });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatchObject({
        error_code: "missing_field",
        error_meta: { field: "order_details", received: "undefined" },
      });
      expect(missing.body).toMatchObject({ code: 400, type: "MISSING_FIELD" });
      const cases: Array<[unknown, string, string]> = [
        [
          {
            ...base,
            order_details: {
              ...base.order_details,
              line_items: [{ amount: -1, product_category: "GENERAL_MERCHANDISE" }],
            },
          },
          "invalid_field",
          "order_details.line_items[0].amount",
        ],
        [
          {
            ...base,
            order_details: {
              ...base.order_details,
              line_items: [{ amount: 1, quantity: 0, product_category: "GENERAL_MERCHANDISE" }],
            },
          },
          "invalid_field",
          "order_details.line_items[0].quantity",
        ],
        [
          {
            ...base,
            order_details: { ...base.order_details, line_items: [{ amount: 1, product_category: "NOT_A_CATEGORY" }] },
          },
          "unknown_tax_category",
          "order_details.line_items[0].product_category",
        ],
        [
          { ...base, order_details: { ...base.order_details, customer_currency_code: "XXX" } },
          "unsupported_currency",
          "order_details.customer_currency_code",
        ],
        [
          {
            ...base,
            order_details: {
              ...base.order_details,
              line_items: Array.from({ length: 1001 }, () => ({ amount: 1, product_category: "GENERAL_MERCHANDISE" })),
            },
          },
          "invalid_field",
          "order_details.line_items",
        ],
        [{ ...base, customer: {} }, "missing_field", "customer.address"],
        [{ ...base, customer: { address: address("US", "48226", "OH") } }, "invalid_address", "address_postal_code"],
      ];
      for (const [body, code, field] of cases) {
        const response = await calc(body);
        expect(response.status, JSON.stringify(response.body)).toBe(400);
        expect(response.body.error.error_code).toBe(code);
        expect(response.body.error.error_meta?.field).toBe(field);
      }
    });

    it("stores the calculation scoped to the account and mode", async () => {
      const response = await simple(address("US", "48226", "MI"), "USD", 100);
      expect(response.status).toBe(200);
      // Another mode of the same account cannot see it: recorded later by the ledger; here the
      // live key computes its own calculation with testmode false.
      const live = await api("/tax/calculations", {
        key: account.liveSecret,
        version: V,
        body: {
          customer: { address: address("US", "48226", "MI") },
          order_details: {
            customer_currency_code: "USD",
            line_items: [{ amount: 100, product_category: "GENERAL_MERCHANDISE" }],
          },
        },
      });
      expect(live.body.testmode).toBe(false);
    });

    it("stores every one of 24 concurrent calculations before answering: each can be recorded", async () => {
      // Concurrent calculations share insert commands in distributed mode (group commit);
      // an answered calculation must already be stored.
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, index) => simple(address("US", "48226", "MI"), "USD", 1000 + index)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(24).fill(200));
      const run = Date.now().toString(36);
      for (const [index, answer] of answers.entries()) {
        const recorded = await api("/tax/transactions", {
          key,
          version: V,
          body: {
            calculation_id: answer.body.id,
            reference_order_id: `group-${run}-${index}`,
            transaction_processed_at: 1_790_000_000,
          },
        });
        expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
        // The stored calculation, not a recomputation: its own amount and tax.
        expect(recorded.body).toMatchObject({
          calculation_id: answer.body.id,
          total_amount_excluding_tax: 1000 + index,
          total_tax_amount: answer.body.total_tax_amount,
        });
      }
    });

    describe("customer.ip in the four modes", () => {
      // Picked by reading the shipped GeoLite2 data (see services/geo-resolver/src/domain/resolve-location.test.ts).
      const ips = {
        v4Zip: "2.17.80.1",
        v4StateOnly: "4.1.192.1",
        v6Zip: "2001:400::1",
        v6StateOnly: "2001:1900::1",
        caNothing: "5.23.0.1",
      };
      const byIp = (value: string, resolution?: string, extra: Record<string, unknown> = {}) =>
        calc({
          customer: { ip: { value, ...(resolution ? { resolution } : {}) }, ...extra },
          order_details: {
            customer_currency_code: "USD",
            line_items: [{ amount: 10000, product_category: "GENERAL_MERCHANDISE" }],
          },
        });

      it("a sufficient IPv4 and IPv6 resolve the same in every mode", async () => {
        for (const ip of [ips.v4Zip, ips.v6Zip]) {
          for (const mode of ["strict", "zero", "approximate", "best_effort"]) {
            const response = await byIp(ip, mode);
            expect(response.status, `${ip} ${mode} ${JSON.stringify(response.body)}`).toBe(200);
            expect(response.body).toMatchObject({ location_source: "ip", resolution_precision: "POSTAL" });
            expect(response.body.address_used.address_country).toBe("US");
            expect(response.body.address_used.address_postal_code).toMatch(/^\d{5}$/);
            expect(response.body.total_tax_amount).toBeGreaterThan(0);
          }
        }
      });

      it("an insufficient IPv4 and IPv6: strict 422, zero → zero rates, approximate and best_effort → most populous ZIP", async () => {
        for (const ip of [ips.v4StateOnly, ips.v6StateOnly]) {
          const strict = await byIp(ip);
          expect(strict.status).toBe(422);
          expect(strict.body).toMatchObject({ code: 422, type: "IP_RESOLUTION_INSUFFICIENT_US" });
          const zero = await byIp(ip, "zero");
          expect(zero.status).toBe(200);
          expect(zero.body).toMatchObject({ total_tax_amount: 0, location_source: "ip", rate_coverage: "ZERO" });
          for (const mode of ["approximate", "best_effort"]) {
            const approximate = await byIp(ip, mode);
            expect(approximate.status).toBe(200);
            expect(approximate.body).toMatchObject({ location_source: "ip", resolution_precision: "APPROXIMATED" });
            expect(approximate.body.address_used.address_postal_code).toMatch(/^\d{5}$/);
          }
        }
        const canada = await byIp(ips.caNothing);
        expect(canada.status).toBe(422);
        expect(canada.body.type).toBe("IP_RESOLUTION_INSUFFICIENT_CA");
        const reserved = await byIp("10.1.2.3");
        expect(reserved.status).toBe(422);
        expect(reserved.body.type).toBe("IP_RESOLUTION_FAILED");
        expect((await byIp("10.1.2.3", "best_effort")).body.total_tax_amount).toBe(0);
      });

      it("rejects an invalid IP and an unknown mode", async () => {
        const invalid = await byIp("999.1.1.1");
        expect(invalid.status).toBe(400);
        expect(invalid.body.type).toBe("INVALID_IP_FORMAT");
        const mode = await byIp(ips.v4Zip, "sometimes");
        expect(mode.status).toBe(400);
        expect(mode.body.error.error_meta.field).toBe("customer.ip.resolution");
        const oldVersion = await calc(
          {
            customer: { ip: { value: ips.v4Zip } },
            order_details: {
              customer_currency_code: "USD",
              line_items: [{ amount: 1, product_category: "GENERAL_MERCHANDISE" }],
            },
          },
          "2025-05-12",
        );
        expect(oldVersion.status).toBe(400);
      });

      it("with both address and IP the address decides", async () => {
        const response = await byIp(ips.v4Zip, "strict", { address: address("US", "48226", "MI") });
        expect(response.body).toMatchObject({ location_source: "address", total_tax_amount: 600 });
        expect(response.body.address_used.address_postal_code).toBe("48226");
      });
    });

    describe("platform calculations", () => {
      let merchantId: string;
      beforeAll(async () => {
        const merchant = await api("/tax/merchants", {
          key,
          version: V,
          body: {
            reference_merchant_id: "m-de",
            name: "Berlin GmbH",
            default_address: address("DE", "10115", "", "Berlin"),
            tax_ids: [{ type: "de_vat", value: "DE136695976" }],
          },
        });
        expect(merchant.status).toBe(200);
        merchantId = merchant.body.id;
      });
      const platform = (body: Record<string, unknown>, version: string | null = V) =>
        api("/tax/platform/calculations", { key, ...(version ? { version } : {}), body });

      it("Michigan: per-unit amount 2500 × 4 → 600, and fees taxed separately", async () => {
        const order = {
          customer_currency_code: "USD",
          line_items: [{ amount: 2500, quantity: 4, product_category: "GENERAL_MERCHANDISE" }],
        };
        const response = await platform({
          customer: { address: address("US", "48226", "MI") },
          merchant: { merchant_id: "m-de" },
          order_details: order,
          roles: ["marketplace_provider"],
        });
        expect(response.status).toBe(200);
        expect(response.body.totals.order).toEqual({
          tax_amount: 600,
          amount_excluding_tax: 10000,
          amount_including_tax: 10600,
        });
        expect(response.body).toMatchObject({
          object: "tax.calculation",
          merchant: { id: merchantId, reference_merchant_id: "m-de" },
          roles: ["marketplace_provider"],
        });
        expect(response.body.fee_line_items).toBeUndefined();

        const withFees = await platform({
          customer: { address: address("US", "48226", "MI") },
          merchant: { merchant_id: merchantId },
          order_details: order,
          roles: ["payment_processor"],
          fee_details: {
            customer_currency_code: "USD",
            line_items: [
              { amount: 300, quantity: 1, product_category: "PROFESSIONAL_SERVICES" },
              { amount: 200, quantity: 1, product_category: "GENERAL_MERCHANDISE" },
            ],
          },
        });
        expect(withFees.status).toBe(200);
        expect(withFees.body.fee_line_items).toHaveLength(2);
        expect(withFees.body.totals.order.tax_amount).toBe(600);
        const feeTax = withFees.body.fee_line_items.reduce((sum: number, line: any) => sum + line.tax_amount, 0);
        expect(withFees.body.totals.fees.tax_amount).toBe(feeTax);
        expect(withFees.body.totals.fees.amount_excluding_tax).toBe(500);
      });

      it("a French business with a valid VAT number buying from a German merchant: reverse charge", async () => {
        const response = await platform({
          customer: {
            type: "BUSINESS",
            tax_ids: [{ type: "fr_vat", value: "FR40303265045" }],
            address: address("FR", "75001", "", "Paris"),
          },
          merchant: { merchant_id: "m-de" },
          order_details: {
            customer_currency_code: "EUR",
            line_items: [{ amount: 10000, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
          },
          roles: ["merchant_of_record"],
        });
        expect(response.status).toBe(200);
        expect(response.body.totals.order.tax_amount).toBe(0);
        expect(response.body.exemption_reason).toBe("reverse_charge");
        expect(response.body.line_items[0].tax_jurisdictions[0].rate_type).toBe("reverse_charge");
        // an invalid VAT number (bad check digits) is a consumer sale: French VAT 20%
        const invalid = await platform({
          customer: {
            type: "BUSINESS",
            tax_ids: [{ type: "fr_vat", value: "FR40303265046" }],
            address: address("FR", "75001"),
          },
          merchant: { merchant_id: "m-de" },
          order_details: {
            customer_currency_code: "EUR",
            line_items: [{ amount: 10000, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
          },
          roles: ["merchant_of_record"],
        });
        expect(invalid.body.totals.order.tax_amount).toBe(2000);
      });

      it("requires the version header, a known merchant and known roles", async () => {
        const body = {
          customer: { address: address("US", "48226", "MI") },
          merchant: { merchant_id: "m-de" },
          order_details: {
            customer_currency_code: "USD",
            line_items: [{ amount: 1, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
          },
          roles: ["marketplace_provider"],
        };
        expect((await platform(body, null)).body.error.error_code).toBe("missing_api_version");
        const unknownMerchant = await platform({ ...body, merchant: { merchant_id: "nobody" } });
        expect(unknownMerchant.status).toBe(404);
        const badRole = await platform({ ...body, roles: ["reseller"] });
        expect(badRole.status).toBe(400);
        expect(badRole.body.error.error_meta.field).toBe("roles[0]");
      });
    });
  });
}
