// Issue 21 item 3 through the gateway: REST reads of the ledger (transactions with
// filters and cursor pages, filings, the sales summary to the exact UTC day).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { eventually } from "../support/eventually.js";
import type { SystemUnderTest } from "../support/system.js";

const detroit = {
  address_line_1: "1 Woodward Ave",
  address_city: "Detroit",
  address_province: "MI",
  address_postal_code: "48226",
  address_country: "US",
};
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

export function describeLedgerReads(mode: string, startSystem: () => Promise<SystemUnderTest>): void {
  describe(`ledger reads over REST (${mode})`, () => {
    let system: SystemUnderTest;
    let api: ReturnType<typeof createApi>;
    let key: string;
    let otherKey: string;
    const get = (path: string, apiKey = key) => api(path, { key: apiKey });

    /** A Detroit MI (6 %) sale of `amount`, recorded as processed at `processedAt`. */
    const sell = async (order: string, amount: number, processedAt: number, customer?: string) => {
      const calculation = await api("/tax/calculations", {
        key,
        body: {
          customer: { address: detroit, ...(customer ? { reference_customer_id: customer } : {}) },
          order_details: {
            customer_currency_code: "USD",
            tax_included_in_amount: false,
            line_items: [
              { amount, quantity: 1, product_category: "GENERAL_MERCHANDISE", reference_line_item_id: "l1" },
            ],
          },
        },
      });
      expect(calculation.status, JSON.stringify(calculation.body)).toBe(200);
      const recorded = await api("/tax/transactions", {
        key,
        body: {
          calculation_id: calculation.body.id,
          reference_order_id: order,
          transaction_processed_at: processedAt,
        },
      });
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
      return recorded.body;
    };

    beforeAll(async () => {
      system = await startSystem();
      api = createApi(system.restUrl);
      key = (await createAccount(system.restUrl, system.adminToken, "Ledger reads")).testSecret;
      otherKey = (await createAccount(system.restUrl, system.adminToken, "Another account")).testSecret;
      for (const reference of ["buyer-a", "buyer-b"]) {
        const created = await api("/tax/customers", { key, body: { reference_customer_id: reference } });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
      }
      // 2025-03-30 23:59:59, 2025-03-31 12:00, 2025-04-01 00:00 and 2025-04-15: days on both
      // sides of a month boundary.
      await sell("o-1", 10_000, day("2025-03-31") - 1, "buyer-a");
      await sell("o-2", 20_000, day("2025-03-31") + 43_200, "buyer-b");
      await sell("o-3", 40_000, day("2025-04-01"), "buyer-a");
      await sell("o-4", 80_000, day("2025-04-15"));
    });
    afterAll(() => system?.stop());

    it("lists transactions in pages that neither skip nor repeat", async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof get>> = await get(
          `/tax/transactions?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        );
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        expect(page.body.object).toBe("list");
        seen.push(...page.body.data.map((t: { reference_order_id: string }) => t.reference_order_id));
        cursor = page.body.next_cursor;
        expect(page.body.has_more).toBe(cursor !== null);
      } while (cursor);
      expect(seen).toEqual(["o-1", "o-2", "o-3", "o-4"]);
    });

    it("filters transactions by date range, customer, order and type", async () => {
      const orders = async (query: string) => {
        const response = await get(`/tax/transactions?${query}`);
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        return response.body.data.map((t: { reference_order_id: string }) => t.reference_order_id);
      };
      expect(await orders("from=2025-03-31&to=2025-03-31")).toEqual(["o-2"]);
      expect(await orders(`from=${day("2025-04-01")}`)).toEqual(["o-3", "o-4"]);
      expect(await orders("to=2025-04-01T00:00:00Z")).toEqual(["o-1", "o-2", "o-3"]);
      expect(await orders("customer=buyer-a")).toEqual(["o-1", "o-3"]);
      expect(await orders("reference_order_id=o-4")).toEqual(["o-4"]);
      expect(await orders("type=order&customer=buyer-b")).toEqual(["o-2"]);
      expect(await orders("type=fee")).toEqual([]);
      // Another account sees none of them.
      const other = await get("/tax/transactions", otherKey);
      expect([other.status, other.body.data]).toEqual([200, []]);
    });

    it("refuses bad filters with a 400 naming the parameter", async () => {
      for (const [query, field] of [
        ["type=refund", "type"],
        ["from=yesterday", "from"],
        ["limit=0", "limit"],
        ["merchant=m-1", "merchant"],
      ] as const) {
        const response = await get(`/tax/transactions?${query}`);
        expect(response.status, query).toBe(400);
        expect(JSON.stringify(response.body), query).toContain(field);
      }
      const backwards = await get("/tax/transactions?from=2025-04-02&to=2025-04-01");
      expect(backwards.status).toBe(400);
      expect(JSON.stringify(backwards.body)).toContain("invalid_range");
    });

    it("sums the sales summary over exact UTC days, not whole months", async () => {
      const summary = await eventually(
        () => get("/tax/sales-summary?from=2025-03-31&to=2025-04-01"),
        (response) => response.body.currencies?.[0]?.transaction_count === 2,
      );
      expect(summary.status).toBe(200);
      expect(summary.body).toMatchObject({
        object: "tax.sales_summary",
        period_from: "2025-03-31",
        period_to: "2025-04-01",
        summed_from: day("2025-03-31"),
        summed_to: day("2025-04-02") - 1,
        range_widened: false,
        merchant: null,
        testmode: true,
      });
      expect(summary.body.currencies).toEqual([
        {
          currency_code: "USD",
          gross_sales: 60_000,
          tax_collected: 3_600,
          refunds: 0,
          refunded_tax: 0,
          net_sales: 60_000,
          net_tax: 3_600,
          transaction_count: 2,
          refund_count: 0,
        },
      ]);
      // A bound inside a day widens to that whole day and says so.
      const widened = await get(`/tax/sales-summary?from=${day("2025-04-15") + 60}`);
      expect(widened.body).toMatchObject({ summed_from: day("2025-04-15"), range_widened: true });
      expect(widened.body.currencies[0].gross_sales).toBe(80_000);
      const unknownMerchant = await get("/tax/sales-summary?merchant_id=nobody");
      expect(unknownMerchant.status).toBe(404);
    });

    it("lists filings and reads one by id", async () => {
      const march = await eventually(
        () => get("/tax/filings?from=2025-03-01&to=2025-03-31"),
        (response) => response.body.data?.[0]?.transaction_count === 2,
      );
      expect(march.status).toBe(200);
      expect(march.body.data).toHaveLength(1);
      const filing = march.body.data[0];
      expect(filing).toMatchObject({
        object: "tax.filing",
        period: "2025-03",
        jurisdiction_id: "US-MI",
        currency_code: "USD",
        status: "pending_client_approval",
        gross_sales: 30_000,
        tax_collected: 1_800,
        testmode: true,
      });
      const one = await get(`/tax/filings/${filing.id}`);
      expect([one.status, one.body]).toEqual([200, filing]);
      expect((await get(`/tax/filings/${filing.id}`, otherKey)).status).toBe(404);
      const badStatus = await get("/tax/filings?status=done");
      expect(badStatus.status).toBe(400);
      expect(JSON.stringify(badStatus.body)).toContain("invalid_filing_status");
    });

    it("exports a filing's lines as CSV that add up to the filing, refunds negative, reversed ones left out", async () => {
      const may = day("2025-05-10");
      const formula = await sell('=HYPERLINK("x"),y', 30_000, may);
      const plain = await sell("o-may", 50_000, may + 60);
      const refund = async (body: Record<string, unknown>) => {
        const response = await api("/tax/refunds", { key, body });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        return response.body;
      };
      await refund({
        transaction_id: plain.id,
        type: "partial",
        line_items: [{ reference_line_item_id: "l1", amount: 10_000 }],
        refund_processed_at: may + 3600,
      });
      const reversed = await refund({ transaction_id: formula.id, type: "full", refund_processed_at: may + 7200 });
      const reversal = await api("/tax/refund_reversals", { key, body: { refund_id: reversed.id } });
      expect(reversal.status, JSON.stringify(reversal.body)).toBe(200);

      const filing = (
        await eventually(
          () => get("/tax/filings/fil_2025-05_US-MI_USD"),
          (response) => response.body.refund_count === 1 && response.body.transaction_count === 2,
        )
      ).body;
      expect(filing).toMatchObject({ gross_sales: 80_000, refunds: 10_000 });
      const response = await fetch(`${system.restUrl}/tax/filings/${filing.id}/lines.csv`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
      const text = await response.text();
      const [header, ...rows] = text.trimEnd().split("\r\n");
      expect(header).toBe(
        "filing_id,period,jurisdiction_id,currency_code,kind,transaction_id,refund_id,reference_order_id,processed_at,processed_date,line_item_id,amount_excluding_tax,taxable,tax_rate,tax_amount",
      );
      expect(rows).toHaveLength(3);
      // The order id that a spreadsheet would run as a formula is quoted and defused.
      expect(rows[0]).toContain(`,"'=HYPERLINK(""x""),y",`);
      const columns = header!.split(",");
      const parsed = rows.map((row) => {
        const cells = row.replace(/"[^"]*(""[^"]*)*"/g, "X").split(",");
        return Object.fromEntries(columns.map((name, index) => [name, cells[index]]));
      });
      const sum = (kind: string, field: string) =>
        parsed.filter((row) => row.kind === kind).reduce((total, row) => total + Number(row[field]), 0);
      expect(sum("sale", "amount_excluding_tax")).toBe(filing.gross_sales);
      expect(sum("sale", "tax_amount")).toBe(filing.tax_collected);
      expect(sum("refund", "amount_excluding_tax")).toBe(-filing.refunds);
      expect(sum("refund", "tax_amount")).toBe(-filing.refunded_tax);
      expect(parsed.map((row) => row.processed_date)).toEqual(["2025-05-10", "2025-05-10", "2025-05-10"]);

      const missing = await get("/tax/filings/fil_2099-01_US-MI_USD/lines.csv");
      expect(missing.status).toBe(404);
      expect((await get(`/tax/filings/${filing.id}/lines.csv`, otherKey)).status).toBe(404);
    });
  });
}
