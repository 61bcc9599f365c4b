// The read tools through the official MCP client: each success against the REST-seeded
// data (compared with what REST returns where both exist) and each error path.
import { describe, expect, it } from "vitest";
import type { callTool } from "./mcp-client.js";
import { ok, toolError } from "./mcp-client.js";
import { june, juneFiling, may } from "./mcp-seed.js";
import type { McpContext } from "./mcp-suite.js";

type Call = (name: string, args?: Record<string, unknown>, key?: string, url?: string) => ReturnType<typeof callTool>;

export function describeReadTools(ctx: McpContext, call: Call): void {
  describe("read tools", () => {
    it("list_tax_categories lists calc-engine's categories", async () => {
      const { categories } = ok(await call("list_tax_categories"));
      expect(categories).toEqual(
        expect.arrayContaining([expect.objectContaining({ code: "GENERAL_MERCHANDISE", name: expect.any(String) })]),
      );
    });

    it("get_sales_summary sums June, by ISO date or epoch seconds, and per merchant", async () => {
      const byDate = ok(await call("get_sales_summary", { from: "2025-06-01", to: "2025-06-30" }));
      expect(byDate).toMatchObject({
        object: "tax.sales_summary",
        period_from: "2025-06-01",
        period_to: "2025-06-30",
        merchant: null,
        testmode: true,
      });
      expect(byDate.currencies).toEqual([
        {
          currency_code: "USD",
          gross_sales: 17500,
          tax_collected: 1050,
          refunds: 5000,
          refunded_tax: 300,
          net_sales: 12500,
          net_tax: 750,
          transaction_count: 3,
          refund_count: 1,
        },
      ]);
      expect(
        ok(await call("get_sales_summary", { from: june - 86_400 * 14, to: june + 86_400 * 15 })).currencies,
      ).toEqual(byDate.currencies);
      const merchant = ctx.seed.merchants[0];
      const ofMerchant = ok(await call("get_sales_summary", { merchant_id: merchant.reference_merchant_id }));
      expect(ofMerchant.merchant).toEqual({ id: merchant.id, reference_merchant_id: merchant.reference_merchant_id });
      expect(ofMerchant.currencies).toEqual([
        expect.objectContaining({ gross_sales: 5000, tax_collected: 300, transaction_count: 1 }),
      ]);
    });

    it("get_sales_summary: unknown or foreign merchant, reversed range", async () => {
      expect(toolError(await call("get_sales_summary", { merchant_id: "m-nobody" })).error_code).toBe(
        "merchant_not_found",
      );
      expect(
        toolError(await call("get_sales_summary", { merchant_id: ctx.otherSeed.merchants[0].id })).error_code,
      ).toBe("merchant_not_found");
      expect(toolError(await call("get_sales_summary", { from: "2025-07-01", to: "2025-06-01" })).error_code).toBe(
        "invalid_range",
      );
    });

    it("list_transactions pages with cursors and filters by dates and merchant", async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = ok(await call("list_transactions", { limit: 2, ...(cursor ? { cursor } : {}) }));
        expect(page.data.length).toBeLessThanOrEqual(2);
        seen.push(...page.data.map((transaction: any) => transaction.id));
        cursor = page.next_cursor ?? undefined;
        expect(page.has_more).toBe(cursor !== undefined);
      } while (cursor);
      const { juneA, juneB, junePlatform, may: mayTransaction, now } = ctx.seed.transactions;
      expect(seen).toEqual([juneA.id, juneB.id, junePlatform.id, mayTransaction.id, now.id]);
      const inJune = ok(await call("list_transactions", { from: "2025-06-01", to: "2025-06-30" }));
      expect(inJune.data.map((transaction: any) => transaction.id)).toEqual([juneA.id, juneB.id, junePlatform.id]);
      const ofMerchant = ok(await call("list_transactions", { merchant_id: ctx.seed.merchants[0].id }));
      expect(ofMerchant.data.map((transaction: any) => transaction.id)).toEqual([junePlatform.id]);
      expect(ok(await call("list_transactions", { to: may + 3600 })).data.map((t: any) => t.id)).toEqual([
        mayTransaction.id,
      ]);
    });

    it("list_transactions: tampered cursor, reversed range, unknown merchant, other mode", async () => {
      const first = ok(await call("list_transactions", { limit: 1 }));
      const tampered = `${first.next_cursor.slice(0, -3)}zzz`;
      expect(toolError(await call("list_transactions", { cursor: tampered })).error_code).toBe("invalid_cursor");
      expect(toolError(await call("list_transactions", { cursor: "not-a-cursor!" })).error_code).toBe("invalid_cursor");
      expect(toolError(await call("list_transactions", { from: june, to: may })).error_code).toBe("invalid_range");
      expect(toolError(await call("list_transactions", { merchant_id: "m-nobody" })).error_code).toBe(
        "merchant_not_found",
      );
      expect(ok(await call("list_transactions", {}, ctx.account.liveSecret)).data).toEqual([]);
    });

    it("get_transaction returns what REST returns; unknown, foreign and other-mode IDs are transaction_not_found", async () => {
      const { juneA } = ctx.seed.transactions;
      const rest = await ctx.api(`/tax/transactions/${juneA.id}`, { key: ctx.account.testSecret });
      expect(ok(await call("get_transaction", { transaction_id: juneA.id }))).toEqual(rest.body);
      expect(
        ok(await call("get_transaction", { transaction_id: ctx.seed.transactions.junePlatform.id })),
      ).toMatchObject({
        merchant: { id: ctx.seed.merchants[0].id },
        roles: ["marketplace_provider"],
      });
      for (const [id, key] of [
        ["tr_nope", ctx.account.testSecret],
        [ctx.otherSeed.transactions.juneA.id, ctx.account.testSecret],
        [juneA.id, ctx.account.liveSecret],
      ]) {
        expect(toolError(await call("get_transaction", { transaction_id: id }, key)).error_code).toBe(
          "transaction_not_found",
        );
      }
    });

    it("list_refunds lists a transaction's refunds (negative amounts); unknown transaction → transaction_not_found", async () => {
      const { refunds, transaction_id } = ok(
        await call("list_refunds", { transaction_id: ctx.seed.transactions.juneA.id }),
      );
      expect(transaction_id).toBe(ctx.seed.transactions.juneA.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({
        id: ctx.seed.refund.id,
        object: "tax.refund",
        refund_type: "partial",
        status: "succeeded",
        total_tax_amount: -300,
        total_amount_excluding_tax: -5000,
      });
      expect(ok(await call("list_refunds", { transaction_id: ctx.seed.transactions.juneB.id })).refunds).toEqual([]);
      expect(toolError(await call("list_refunds", { transaction_id: "tr_nope" })).error_code).toBe(
        "transaction_not_found",
      );
    });

    it("list_filings and get_filing: status and date filters, the valid statuses named, unknown filing", async () => {
      const pending = ok(await call("list_filings", { status: "pending_client_approval", limit: 100 }));
      expect(pending.data.map((filing: any) => filing.id)).toContain(juneFiling);
      expect(pending.data.every((filing: any) => filing.status === "pending_client_approval")).toBe(true);
      const open = ok(await call("list_filings", { status: "open", limit: 100 }));
      expect(open.data.length).toBeGreaterThan(0);
      expect(open.data.map((filing: any) => filing.id)).not.toContain(juneFiling);
      const inJune = ok(await call("list_filings", { from: "2025-06-01", to: "2025-06-30" }));
      expect(inJune.data.map((filing: any) => filing.id)).toEqual([juneFiling]);
      const filing = ok(await call("get_filing", { filing_id: juneFiling }));
      expect(filing).toMatchObject({
        object: "tax.filing",
        period: "2025-06",
        jurisdiction_id: "US-MI",
        currency_code: "USD",
        status: "pending_client_approval",
      });
      expect(filing).toMatchObject({
        gross_sales: 17500,
        tax_collected: 1050,
        refunds: 5000,
        refunded_tax: 300,
        net_tax: 750,
        testmode: true,
      });

      const invalid = toolError(await call("list_filings", { status: "done" }));
      expect(invalid.error_code).toBe("invalid_filing_status");
      for (const status of ["open", "pending_client_approval", "approved", "rejected", "filed"])
        expect(invalid.error_message).toContain(status);
      expect(toolError(await call("list_filings", { cursor: "AAAA" })).error_code).toBe("invalid_cursor");
      expect(toolError(await call("list_filings", { from: "2025-06-02", to: "2025-06-01" })).error_code).toBe(
        "invalid_range",
      );
      expect(toolError(await call("get_filing", { filing_id: "fil_1999-01_US-MI_USD" })).error_code).toBe(
        "filing_not_found",
      );
      // Filing IDs are per account and mode: the live mode has no June filing.
      expect(toolError(await call("get_filing", { filing_id: juneFiling }, ctx.account.liveSecret)).error_code).toBe(
        "filing_not_found",
      );
    });

    it("list_merchants and get_merchant by service or reference ID; foreign and unknown IDs are merchant_not_found", async () => {
      const page = ok(await call("list_merchants", { limit: 1 }));
      expect(page.data).toHaveLength(1);
      const rest = await ctx.api(`/tax/merchants?limit=10`, { key: ctx.account.testSecret, version: "2026-03-01" });
      expect([...page.data, ...ok(await call("list_merchants", { cursor: page.next_cursor })).data]).toEqual(
        rest.body.data,
      );
      const [merchant] = ctx.seed.merchants;
      expect(ok(await call("get_merchant", { merchant_id: merchant.id }))).toEqual(merchant);
      expect(ok(await call("get_merchant", { merchant_id: merchant.reference_merchant_id }))).toEqual(merchant);
      expect(toolError(await call("get_merchant", { merchant_id: ctx.otherSeed.merchants[0].id })).error_code).toBe(
        "merchant_not_found",
      );
      expect(
        toolError(await call("get_merchant", { merchant_id: ctx.otherSeed.merchants[0].reference_merchant_id }))
          .error_code,
      ).toBe("merchant_not_found");
      expect(
        toolError(await call("get_merchant", { merchant_id: merchant.id }, ctx.account.liveSecret)).error_code,
      ).toBe("merchant_not_found");
      expect(toolError(await call("list_merchants", { cursor: "@@" })).error_code).toBe("invalid_cursor");
    });

    it("list_products and get_product; unknown product → product_not_found", async () => {
      const all = ok(await call("list_products", { limit: 100 }));
      expect(all.data).toEqual(ctx.seed.products);
      expect(ok(await call("get_product", { reference_product_id: "p-laptop-a" }))).toEqual(ctx.seed.products[1]);
      expect(toolError(await call("get_product", { reference_product_id: "p-nothing" })).error_code).toBe(
        "product_not_found",
      );
      expect(toolError(await call("get_product", { reference_product_id: "p-laptop-b" })).error_code).toBe(
        "product_not_found",
      );
    });

    it("list_customers and get_customer by either ID; unknown → customer_not_found", async () => {
      expect(ok(await call("list_customers")).data).toEqual(ctx.seed.customers);
      const [, bob] = ctx.seed.customers;
      expect(ok(await call("get_customer", { customer_id: bob.id }))).toMatchObject({
        id: bob.id,
        is_tax_exempt: true,
      });
      expect(ok(await call("get_customer", { customer_id: bob.reference_customer_id }))).toEqual(bob);
      expect(toolError(await call("get_customer", { customer_id: ctx.otherSeed.customers[0].id })).error_code).toBe(
        "customer_not_found",
      );
    });
  });
}
