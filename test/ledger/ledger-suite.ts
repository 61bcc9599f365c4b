// Issue 6 through the gateway: transactions, refunds, reversals, platform transactions
// and Idempotency-Key. Needs the ledger routes wired in the gateway (see the ledger's
// DECISIONS.md / the wiring in services/gateway/src/http/app.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import type { SystemUnderTest } from "../support/system.js";

const V = "2026-03-01";
const detroit = {
  address_line_1: "1 Woodward Ave",
  address_city: "Detroit",
  address_province: "MI",
  address_postal_code: "48226",
  address_country: "US",
};
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function describeLedger(mode: string, startSystem: () => Promise<SystemUnderTest>): void {
  describe(`ledger (${mode})`, () => {
    let system: SystemUnderTest;
    let api: ReturnType<typeof createApi>;
    let account: AccountKeys;
    let key: string;
    let order = 0;
    const nextOrder = () => `order-${++order}`;

    /** A Detroit MI (6%) calculation with the given line amounts (excluding tax). */
    const calculate = async (
      amounts: number[],
      options: { inclusive?: boolean; apiKey?: string; address?: Record<string, string>; quantities?: number[] } = {},
    ) => {
      const response = await api("/tax/calculations", {
        key: options.apiKey ?? key,
        body: {
          customer: { address: options.address ?? detroit },
          order_details: {
            customer_currency_code: "USD",
            tax_included_in_amount: options.inclusive ?? false,
            line_items: amounts.map((amount, index) => ({
              amount,
              quantity: options.quantities?.[index] ?? 1,
              product_category: "GENERAL_MERCHANDISE",
              reference_line_item_id: `l${index + 1}`,
            })),
          },
        },
      });
      expect(response.status).toBe(200);
      return response.body;
    };
    const record = (
      calculationId: string,
      referenceOrderId: string,
      extra: Record<string, unknown> = {},
      headers: Record<string, string> = {},
    ) =>
      api("/tax/transactions", {
        key,
        headers,
        body: {
          calculation_id: calculationId,
          reference_order_id: referenceOrderId,
          transaction_processed_at: 1_790_000_000,
          ...extra,
        },
      });
    const refund = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      api("/tax/refunds", { key, headers, body });

    beforeAll(async () => {
      system = await startSystem();
      api = createApi(system.restUrl);
      account = await createAccount(system.restUrl, system.adminToken, "Ledger");
      key = account.testSecret;
    });
    afterAll(() => system?.stop());

    describe("transactions", () => {
      it("records a transaction from a calculation and reads it back", async () => {
        const calc = await calculate([10000, 2500]);
        const response = await record(calc.id, "order-read");
        expect(response.status).toBe(200);
        const transaction = response.body;
        expect(transaction).toMatchObject({
          object: "tax.transaction",
          type: "order",
          calculation_id: calc.id,
          reference_order_id: "order-read",
          customer_currency_code: "USD",
          total_tax_amount: 750,
          total_amount_excluding_tax: 12500,
          total_amount_including_tax: 13250,
          transaction_processed_at: 1_790_000_000,
          testmode: true,
        });
        expect(transaction.id).toMatch(/^tr_[A-Za-z0-9]{20}$/);
        expect(transaction.line_items).toHaveLength(2);
        expect(transaction.line_items[0]).toMatchObject({
          tax_amount: 600,
          amount_excluding_tax: 10000,
          product: { reference_line_item_id: "l1" },
        });
        expect(sum(transaction.line_items[0].tax_jurisdictions.map((j: any) => j.tax_due_decimal))).toBe(600);
        const read = await api(`/tax/transactions/${transaction.id}`, { key });
        expect(read.status).toBe(200);
        expect(read.body).toEqual(transaction);
      });

      it("keeps the calculation's address_used, address_type included", async () => {
        const calc = await calculate([4000], { address: { ...detroit, address_type: "billing" } });
        expect(calc.address_used).toMatchObject({ ...detroit, address_type: "billing" });
        const response = await record(calc.id, nextOrder());
        expect(response.status).toBe(200);
        expect(response.body.address_used).toEqual(calc.address_used);
        expect((await api(`/tax/transactions/${response.body.id}`, { key })).body.address_used).toEqual(
          calc.address_used,
        );
      });

      it("recording the same calculation and order again returns the same transaction; reuse elsewhere is a conflict", async () => {
        const calc = await calculate([1000]);
        const first = await record(calc.id, "order-twice");
        const second = await record(calc.id, "order-twice");
        expect(second.status).toBe(200);
        expect(second.body.id).toBe(first.body.id);
        const otherCalc = await calculate([2000]);
        const sameOrder = await record(otherCalc.id, "order-twice");
        expect(sameOrder.status).toBe(409);
        const sameCalc = await record(calc.id, "order-other");
        expect(sameCalc.status).toBe(409);
      });

      it("rejects unknown calculations and bad bodies", async () => {
        const unknown = await record("calc_doesnotexist", nextOrder());
        expect(unknown.status).toBe(404);
        expect(unknown.body.error.error_code).toBe("calculation_not_found");
        const missing = await api("/tax/transactions", { key, body: { reference_order_id: "x" } });
        expect(missing.status).toBe(400);
        expect(missing.body.error).toMatchObject({
          error_code: "missing_field",
          error_meta: { field: "calculation_id" },
        });
        const extra = await api("/tax/transactions", {
          key,
          body: { calculation_id: "c", reference_order_id: "x", amount: 1 },
        });
        expect(extra.body.error.error_code).toBe("invalid_field");
      });

      it("keeps test and live transactions apart", async () => {
        const calc = await calculate([1000]);
        const recorded = await record(calc.id, nextOrder());
        expect((await api(`/tax/transactions/${recorded.body.id}`, { key: account.liveSecret })).status).toBe(404);
        const other = await createAccount(system.restUrl, system.adminToken, "Other");
        expect((await api(`/tax/transactions/${recorded.body.id}`, { key: other.testSecret })).status).toBe(404);
        expect(
          (
            await api("/tax/transactions", {
              key: account.liveSecret,
              body: { calculation_id: calc.id, reference_order_id: nextOrder() },
            })
          ).status,
        ).toBe(404);
      });

      it("deletes a transaction: {object, deleted_at}, then it is gone", async () => {
        const calc = await calculate([1000]);
        const recorded = await record(calc.id, nextOrder());
        const deleted = await api(`/tax/transactions/${recorded.body.id}`, { key, method: "DELETE" });
        expect(deleted.status).toBe(200);
        expect(deleted.body).toEqual({ object: "tax.transaction", deleted_at: expect.any(Number) });
        expect((await api(`/tax/transactions/${recorded.body.id}`, { key })).body.error.error_code).toBe(
          "transaction_not_found",
        );
        expect((await api(`/tax/transactions/${recorded.body.id}`, { key, method: "DELETE" })).status).toBe(404);
      });
    });

    describe("refunds and reversals", () => {
      it("partial refunds by line are negative, proportional per jurisdiction, and never exceed the remainder", async () => {
        const calc = await calculate([10000, 3333]);
        const transaction = (await record(calc.id, nextOrder())).body;
        const partial = await refund({
          transaction_id: transaction.id,
          type: "partial",
          line_items: [{ reference_line_item_id: "l1", amount: 2500 }],
        });
        expect(partial.status).toBe(200);
        expect(partial.body).toMatchObject({
          object: "tax.refund",
          refund_type: "partial",
          transaction_id: transaction.id,
          testmode: true,
          status: "succeeded",
          reversed_at: null,
        });
        expect(partial.body.id).toMatch(/^ref_tr_/);
        expect(partial.body.line_items).toHaveLength(1);
        const line = partial.body.line_items[0];
        expect(line).toMatchObject({
          amount_excluding_tax: -2500,
          tax_amount: -150,
          amount_including_tax: -2650,
          product: { reference_line_item_id: "l1" },
        });
        expect(sum(line.tax_jurisdictions.map((j: any) => j.tax_due_decimal))).toBe(-150);
        expect(Number.isInteger(partial.body.refund_processed_at)).toBe(true);

        const over = await refund({
          transaction_id: transaction.id,
          type: "partial",
          line_items: [{ reference_line_item_id: "l1", amount: 7501 }],
        });
        expect(over.status).toBe(400);
        expect(over.body.error.error_meta).toMatchObject({ field: "line_items[0].amount", remaining: "7500" });
        const unknownLine = await refund({
          transaction_id: transaction.id,
          type: "partial",
          line_items: [{ reference_line_item_id: "nope", amount: 1 }],
        });
        expect(unknownLine.status).toBe(400);

        const rest = await refund({ transaction_id: transaction.id, type: "full" });
        expect(rest.status).toBe(200);
        expect(rest.body.total_amount_excluding_tax).toBe(-(7500 + 3333));
        expect(rest.body.total_tax_amount).toBe(-(transaction.total_tax_amount - 150));
        const nothingLeft = await refund({ transaction_id: transaction.id, type: "full" });
        expect(nothingLeft.status).toBe(400);

        const listed = await api(`/tax/transactions/${transaction.id}/refunds`, { key });
        expect(listed.status).toBe(200);
        expect(listed.body.refunds.map((r: any) => r.id)).toEqual([partial.body.id, rest.body.id]);
        for (const listedRefund of listed.body.refunds) expect(listedRefund).not.toHaveProperty("refund_type");
      });

      it("a reversal works once and restores the refundable balance", async () => {
        const calc = await calculate([10000]);
        const transaction = (await record(calc.id, nextOrder())).body;
        const full = await refund({ transaction_id: transaction.id, type: "full" });
        expect(full.body).toMatchObject({
          refund_type: "full",
          total_amount_excluding_tax: -10000,
          total_tax_amount: -600,
        });
        const reversed = await api("/tax/refund_reversals", { key, body: { refund_id: full.body.id } });
        expect(reversed.status).toBe(200);
        expect(reversed.body).toMatchObject({
          id: full.body.id,
          object: "tax.refund",
          status: "reversed",
          reversed_at: expect.any(Number),
        });
        const again = await api("/tax/refund_reversals", { key, body: { refund_id: full.body.id } });
        expect(again.status).toBe(409);
        const unknown = await api("/tax/refund_reversals", { key, body: { refund_id: "ref_tr_nope" } });
        expect(unknown.status).toBe(404);
        const refundAgain = await refund({ transaction_id: transaction.id, type: "full" });
        expect(refundAgain.status).toBe(200);
        expect(refundAgain.body.total_tax_amount).toBe(-600);
      });

      it("concurrent refunds never over-refund", async () => {
        const calc = await calculate([10000]);
        const transaction = (await record(calc.id, nextOrder())).body;
        const results = await Promise.all(
          Array.from({ length: 6 }, () =>
            refund({
              transaction_id: transaction.id,
              type: "partial",
              line_items: [{ reference_line_item_id: "l1", amount: 4000 }],
            }),
          ),
        );
        expect(results.filter((r) => r.status === 200)).toHaveLength(2);
        const after = await api(`/tax/transactions/${transaction.id}`, { key });
        expect(after.body.line_items[0]).toMatchObject({
          refunded_amount_excluding_tax: 8000,
          refunded_tax_amount: 480,
        });
      });
    });

    describe("refunds refund exactly what they name", () => {
      it("a quantity refund after an amount refund is refused with what remains, not shrunk", async () => {
        const calc = await calculate([10000], { quantities: [4] });
        const transaction = (await record(calc.id, nextOrder())).body;
        expect(
          (
            await refund({
              transaction_id: transaction.id,
              type: "partial",
              line_items: [{ reference_line_item_id: "l1", amount: 7500 }],
            })
          ).status,
        ).toBe(200);
        const twoUnits = await refund({
          transaction_id: transaction.id,
          type: "partial",
          line_items: [{ reference_line_item_id: "l1", quantity: 2 }],
        });
        expect(twoUnits.status).toBe(400);
        expect(twoUnits.body.error).toMatchObject({
          error_code: "refund_exceeds_remaining",
          error_meta: { field: "line_items[0].quantity", remaining_amount: "2500", remaining_quantity: "4" },
        });
        expect(twoUnits.body.error.error_message).toMatch(/5000.*2500/);
        const unchanged = (await api(`/tax/transactions/${transaction.id}`, { key })).body.line_items[0];
        expect(unchanged).toMatchObject({ refunded_amount_excluding_tax: 7500, refunded_quantity: 0 });
        const oneUnit = await refund({
          transaction_id: transaction.id,
          type: "partial",
          line_items: [{ reference_line_item_id: "l1", quantity: 1 }],
        });
        expect(oneUnit.status).toBe(200);
        expect(oneUnit.body.line_items[0]).toMatchObject({
          amount_excluding_tax: -2500,
          tax_amount: -150,
          quantity: -1,
        });
      });

      it("amount and quantity in one line must agree: the amount is at most what the units are worth", async () => {
        const calc = await calculate([9999], { quantities: [3] });
        const transaction = (await record(calc.id, nextOrder())).body;
        const tooMuch = await refund({
          transaction_id: transaction.id,
          type: "partial",
          line_items: [{ reference_line_item_id: "l1", amount: 6000, quantity: 1 }],
        });
        expect(tooMuch.status).toBe(400);
        expect(tooMuch.body.error).toMatchObject({
          error_code: "refund_exceeds_remaining",
          error_meta: {
            field: "line_items[0].amount",
            remaining_amount: "9999",
            remaining_quantity: "3",
            units_amount: "3333",
          },
        });
        const exact = await refund({
          transaction_id: transaction.id,
          type: "partial",
          line_items: [{ reference_line_item_id: "l1", amount: 3333, quantity: 1 }],
        });
        expect(exact.status).toBe(200);
        expect(exact.body.line_items[0]).toMatchObject({ amount_excluding_tax: -3333, quantity: -1 });
        const after = (await api(`/tax/transactions/${transaction.id}`, { key })).body.line_items[0];
        expect(after).toMatchObject({ refunded_amount_excluding_tax: 3333, refunded_quantity: 1 });
      });

      it("units of a line that does not divide evenly are worth the same within one minor unit and add up to the line exactly", async () => {
        const calc = await calculate([10004], { quantities: [10] });
        const transaction = (await record(calc.id, nextOrder())).body;
        const amounts: number[] = [];
        const taxes: number[] = [];
        for (let unit = 0; unit < 10; unit += 1) {
          const one = await refund({
            transaction_id: transaction.id,
            type: "partial",
            line_items: [{ reference_line_item_id: "l1", quantity: 1 }],
          });
          expect(one.status).toBe(200);
          amounts.push(-one.body.line_items[0].amount_excluding_tax);
          taxes.push(-one.body.line_items[0].tax_amount);
        }
        expect(sum(amounts)).toBe(10004);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
        expect(sum(taxes)).toBe(transaction.total_tax_amount);
        const none = await refund({
          transaction_id: transaction.id,
          type: "partial",
          line_items: [{ reference_line_item_id: "l1", quantity: 1 }],
        });
        expect(none.body.error).toMatchObject({
          error_code: "refund_exceeds_remaining",
          error_meta: { remaining_amount: "0", remaining_quantity: "0" },
        });
      });
    });

    describe("dates that decide filings", () => {
      const now = () => Math.floor(Date.now() / 1000);
      const expectFieldError = (response: { status: number; body: any }, field: string) => {
        expect(response.status).toBe(400);
        expect(response.body.error).toMatchObject({ error_code: "invalid_field", error_meta: { field } });
        expect(response.body.error.error_message).toContain(field);
      };

      it("transaction_processed_at must be an integer between 2000-01-01 and a day from now; 0 is not 'now'", async () => {
        const calc = await calculate([1000]);
        for (const bad of [
          0,
          86_400,
          Date.UTC(1999, 11, 31, 23, 59, 59) / 1000,
          99_999_999_999,
          now() + 2 * 86_400,
          1_790_000_000.5,
        ]) {
          expectFieldError(
            await record(calc.id, nextOrder(), { transaction_processed_at: bad }),
            "transaction_processed_at",
          );
        }
        const earliest = await record(calc.id, nextOrder(), { transaction_processed_at: Date.UTC(2000, 0, 1) / 1000 });
        expect(earliest.status).toBe(200);
        const soon = await record((await calculate([1000])).id, nextOrder(), {
          transaction_processed_at: now() + 3600,
        });
        expect(soon.status).toBe(200);
      });

      it("platform transaction_processed_at has the same window", async () => {
        const merchant = await api("/tax/merchants", {
          key,
          version: V,
          body: { reference_merchant_id: "m-dates", name: "Dates", default_address: detroit },
        });
        expect(merchant.status).toBe(200);
        const calc = await api("/tax/platform/calculations", {
          key,
          version: V,
          body: {
            customer: { address: detroit },
            merchant: { merchant_id: "m-dates" },
            order_details: {
              customer_currency_code: "USD",
              line_items: [{ amount: 2500, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
            },
            roles: ["marketplace_provider"],
          },
        });
        expect(calc.status).toBe(200);
        const body = (processedAt: number) => ({
          platform_calculation_id: calc.body.id,
          reference_order_id: nextOrder(),
          reference_payment_id: "pay-1",
          transaction_processed_at: processedAt,
        });
        for (const bad of [0, 86_400, 99_999_999_999]) {
          expectFieldError(
            await api("/tax/platform/transactions", { key, version: V, body: body(bad) }),
            "transaction_processed_at",
          );
        }
        expect((await api("/tax/platform/transactions", { key, version: V, body: body(1_790_000_000) })).status).toBe(
          200,
        );
      });

      it("refund_processed_at has the same window and is never before the sale", async () => {
        const calc = await calculate([10000]);
        const transaction = (await record(calc.id, nextOrder())).body;
        const partial = (refundProcessedAt: number) => ({
          transaction_id: transaction.id,
          type: "partial",
          refund_processed_at: refundProcessedAt,
          line_items: [{ reference_line_item_id: "l1", amount: 100 }],
        });
        for (const bad of [0, 86_400, 99_999_999_999, now() + 2 * 86_400, 1_790_000_000 - 1]) {
          expectFieldError(await refund(partial(bad)), "refund_processed_at");
        }
        const beforeSale = await refund(partial(1_790_000_000 - 86_400));
        expect(beforeSale.body.error.error_message).toContain(String(1_790_000_000));
        const full = await refund({ transaction_id: transaction.id, type: "full", refund_processed_at: 1_700_000_000 });
        expectFieldError(full, "refund_processed_at");
        const sameSecond = await refund(partial(1_790_000_000));
        expect(sameSecond.status).toBe(200);
        expect(sameSecond.body.refund_processed_at).toBe(1_790_000_000);
        const refunds = (await api(`/tax/transactions/${transaction.id}/refunds`, { key })).body.refunds;
        expect(refunds).toHaveLength(1);
      });
    });

    describe("platform transactions", () => {
      beforeAll(async () => {
        const merchant = await api("/tax/merchants", {
          key,
          version: V,
          body: { reference_merchant_id: "m-ledger", name: "Detroit Goods", default_address: detroit },
        });
        expect(merchant.status).toBe(200);
      });
      const platformCalc = async (roles: string[], fees: boolean) => {
        const response = await api("/tax/platform/calculations", {
          key,
          version: V,
          body: {
            customer: { address: detroit },
            merchant: { merchant_id: "m-ledger" },
            order_details: {
              customer_currency_code: "USD",
              line_items: [{ amount: 2500, quantity: 4, product_category: "GENERAL_MERCHANDISE" }],
            },
            roles,
            ...(fees
              ? {
                  fee_details: {
                    customer_currency_code: "USD",
                    line_items: [{ amount: 300, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
                  },
                }
              : {}),
          },
        });
        expect(response.status).toBe(200);
        return response.body;
      };
      const recordPlatform = (calculationId: string, version: string | null = V) =>
        api("/tax/platform/transactions", {
          key,
          ...(version ? { version } : {}),
          body: {
            platform_calculation_id: calculationId,
            reference_order_id: nextOrder(),
            reference_payment_id: "pay-1",
            transaction_processed_at: 1_790_000_000,
          },
        });

      it("payment_processor → order and fee transactions", async () => {
        const calc = await platformCalc(["payment_processor"], true);
        const response = await recordPlatform(calc.id);
        expect(response.status).toBe(200);
        expect(response.body.data.map((t: any) => t.type)).toEqual(["order", "fee"]);
        expect(response.body.data[0]).toMatchObject({
          object: "tax.transaction",
          total_tax_amount: 600,
          reference_payment_id: "pay-1",
          merchant: { reference_merchant_id: "m-ledger" },
        });
        expect(response.body.data[1].total_amount_excluding_tax).toBe(300);
      });

      it("marketplace_provider and merchant_of_record → one order transaction", async () => {
        for (const role of ["marketplace_provider", "merchant_of_record"]) {
          const calc = await platformCalc([role], false);
          const response = await recordPlatform(calc.id);
          expect(response.status).toBe(200);
          expect(response.body.data.map((t: any) => t.type)).toEqual(["order"]);
        }
      });

      it("requires X-API-Version and a platform calculation", async () => {
        const calc = await platformCalc(["marketplace_provider"], false);
        expect((await recordPlatform(calc.id, null)).body.error.error_code).toBe("missing_api_version");
        expect((await recordPlatform(calc.id, "2025-05-12")).body.error.error_code).toBe("unsupported_api_version");
        const standard = await calculate([1000]);
        expect((await recordPlatform(standard.id)).status).toBe(400);
        expect((await record(calc.id, nextOrder())).status).toBe(400);
      });
    });

    describe("Idempotency-Key", () => {
      it("replays the first answer for the same key and body; another body is a 409", async () => {
        const calc = await calculate([1000]);
        const headers = { "idempotency-key": `k-${Date.now()}-tx` };
        const first = await record(calc.id, "order-idem", {}, headers);
        const replay = await record(calc.id, "order-idem", {}, headers);
        expect(replay.status).toBe(first.status);
        expect(replay.body).toEqual(first.body);
        expect(replay.headers.get("idempotent-replayed")).toBe("true");
        const different = await record(calc.id, "order-idem-2", {}, headers);
        expect(different.status).toBe(409);
        expect(different.body.error.error_code).toBe("idempotency_conflict");
      });

      it("a retried refund is applied once", async () => {
        const calc = await calculate([10000]);
        const transaction = (await record(calc.id, nextOrder())).body;
        const headers = { "idempotency-key": `k-${Date.now()}-refund` };
        const body = {
          transaction_id: transaction.id,
          type: "partial",
          line_items: [{ reference_line_item_id: "l1", amount: 1000 }],
        };
        const first = await refund(body, headers);
        const second = await refund(body, headers);
        expect(second.body.id).toBe(first.body.id);
        const refunds = await api(`/tax/transactions/${transaction.id}/refunds`, { key });
        expect(refunds.body.refunds).toHaveLength(1);
      });

      it("keys are per account and mode", async () => {
        const headers = { "idempotency-key": `k-${Date.now()}-mode` };
        const testCalc = await calculate([1000]);
        const liveCalc = await calculate([1000], { apiKey: account.liveSecret });
        const test = await record(testCalc.id, "order-mode", {}, headers);
        const live = await api("/tax/transactions", {
          key: account.liveSecret,
          headers,
          body: { calculation_id: liveCalc.id, reference_order_id: "order-mode" },
        });
        expect(test.status).toBe(200);
        expect(live.status).toBe(200);
        expect(live.body.id).not.toBe(test.body.id);
      });
    });
  });
}
