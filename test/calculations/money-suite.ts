// Issue 16 item 2: every money figure of a calculation is exact or the input is refused.
// A JSON number is exact up to 2^53 − 1, so an order is bounded to half of that (every
// rate is below 100 %, so amounts including tax stay exact); beyond it → 400 naming the field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import type { SystemUnderTest } from "../support/system.js";

const V = "2026-03-01";
const MAX_ORDER_AMOUNT = 2 ** 52 - 1; // floor((2^53 − 1) / 2)
const detroit = {
  address_line_1: "1 Main St",
  address_city: "Detroit",
  address_province: "MI",
  address_postal_code: "48226",
  address_country: "US",
};
const manhattan = {
  address_line_1: "350 5th Ave",
  address_city: "New York",
  address_province: "NY",
  address_postal_code: "10118",
  address_country: "US",
};
/** Michigan's 6 %, rounded half-up, in integers. */
const michiganTax = (net: bigint) => (net * 6n * 2n + 100n) / 200n;

type Line = { amount: number; quantity: number };
type Body = Record<string, unknown>;

export function describeMoney(mode: string, startSystem: () => Promise<SystemUnderTest>): void {
  describe(`money is exact or refused (${mode})`, () => {
    let system: SystemUnderTest;
    let api: ReturnType<typeof createApi>;
    let key: string;

    const order = (lines: Line[], extra: Body = {}, category = "GENERAL_MERCHANDISE") => ({
      customer_currency_code: "USD",
      line_items: lines.map((line) => ({ ...line, product_category: category })),
      ...extra,
    });
    const platform = (lines: Line[], extra: Body = {}) =>
      api("/tax/platform/calculations", {
        key,
        version: V,
        body: {
          customer: { address: detroit },
          merchant: { merchant_id: "m-money" },
          order_details: order(lines),
          roles: ["marketplace_provider"],
          ...extra,
        },
      });
    const refusal = (response: { status: number; body: any }) => ({
      status: response.status,
      code: response.body.error?.error_code,
      field: response.body.error?.error_meta?.field,
    });

    beforeAll(async () => {
      system = await startSystem();
      api = createApi(system.restUrl);
      key = (await createAccount(system.restUrl, system.adminToken, "Money")).testSecret;
      const merchant = await api("/tax/merchants", {
        key,
        version: V,
        body: { reference_merchant_id: "m-money", name: "Money LLC", default_address: detroit },
      });
      expect(merchant.status).toBe(200);
    });
    afterAll(() => system?.stop());

    it("refuses 999999999999 × 999999 (beyond 2^53) instead of answering with wrong digits", async () => {
      const response = await platform([{ amount: 999_999_999_999, quantity: 999_999 }]);
      expect(refusal(response)).toEqual({
        status: 400,
        code: "invalid_field",
        field: "order_details.line_items[0].amount",
      });
      expect(response.body.error.error_message).toContain("999998999999000001");
    });

    it("refuses 10^12 × 10^9 (an int64 overflow in calc-engine before) with 400, not 500", async () => {
      const response = await platform([{ amount: 1_000_000_000_000, quantity: 1_000_000_000 }]);
      expect(refusal(response)).toEqual({
        status: 400,
        code: "invalid_field",
        field: "order_details.line_items[0].amount",
      });
    });

    it("refuses a line below 2^53 whose amount including tax would pass it (a cent off before)", async () => {
      // 999999999999 × 8999 = 8,998,999,999,991,001 < 2^53, but 6 % more is beyond it.
      const response = await platform([{ amount: 999_999_999_999, quantity: 8999 }]);
      expect(refusal(response)).toEqual({
        status: 400,
        code: "invalid_field",
        field: "order_details.line_items[0].amount",
      });
    });

    it("computes an order of exactly the bound to the unit, and refuses one unit more", async () => {
      // 2^52 − 1 = (2^26 + 1) × (2^26 − 1)
      const atBound = await platform([{ amount: 67_108_865, quantity: 67_108_863 }]);
      expect(atBound.status).toBe(200);
      const net = BigInt(MAX_ORDER_AMOUNT);
      const tax = michiganTax(net);
      expect(atBound.body.totals.order).toEqual({
        tax_amount: Number(tax),
        amount_excluding_tax: MAX_ORDER_AMOUNT,
        amount_including_tax: Number(net + tax),
      });
      const line = atBound.body.line_items[0];
      expect(line).toMatchObject({
        tax_amount: Number(tax),
        amount_excluding_tax: MAX_ORDER_AMOUNT,
        amount_including_tax: Number(net + tax),
      });
      expect(line.tax_jurisdictions[0].tax_due_decimal).toBe(Number(tax));

      const oneMore = await platform([
        { amount: 67_108_865, quantity: 67_108_863 },
        { amount: 1, quantity: 1 },
      ]);
      expect(refusal(oneMore)).toEqual({ status: 400, code: "invalid_field", field: "order_details.line_items" });
      const oneMoreFee = await platform([{ amount: 1, quantity: 1 }], {
        roles: ["payment_processor"],
        fee_details: order([{ amount: 2 ** 51, quantity: 2 }]),
      });
      expect(refusal(oneMoreFee)).toEqual({
        status: 400,
        code: "invalid_field",
        field: "fee_details.line_items[0].amount",
      });
    });

    it("large platform lines below the bound are exact to the unit", async () => {
      // 999999999999 × 4503 = 4,502,999,999,995,497: odd, so a float product would have lost the last digit
      const response = await platform([], {
        order_details: order([{ amount: 999_999_999_999, quantity: 4503 }], { tax_included_in_amount: true }),
      });
      expect(response.status).toBe(200);
      const gross = 999_999_999_999n * 4503n;
      const line = response.body.line_items[0];
      expect(BigInt(line.amount_including_tax)).toBe(gross);
      expect(BigInt(line.amount_excluding_tax) + BigInt(line.tax_amount)).toBe(gross);
      // the net price P solves P × 1.06 = gross; the tax is gross − P rounded half-up
      expect(BigInt(line.tax_amount)).toBe((2n * (gross * 106n - gross * 100n) + 106n) / 212n);
    });

    it("decides the $110 New York clothing threshold exactly on a tax-inclusive line (float said $109.99…)", async () => {
      // 44 items for 5,269.55 including 8.875 %: net 4,840.00, so exactly $110.00 each →
      // not under $110, fully taxable at 8.875 %: tax 429.55.
      const response = await api("/tax/calculations", {
        key,
        version: V,
        body: {
          customer: { address: manhattan },
          order_details: order(
            [{ amount: 526_955, quantity: 44 }],
            { tax_included_in_amount: true },
            "CLOTHING_GENERAL",
          ),
        },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        total_tax_amount: 42_955,
        total_amount_excluding_tax: 484_000,
        total_amount_including_tax: 526_955,
      });
    });
  });
}
