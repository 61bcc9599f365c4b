// Lists and ranges answer what was asked (issue 16, item 13): a status filter fills its
// pages, list_filings' from/to select periods that start in the range, the sales summary
// says which whole months it summed, and a cursor works only for the list and filters
// that made it (REST lists too).
import { describe, expect, it } from "vitest";
import { callTool, ok, toolError, withMcp } from "./mcp-client.js";
import { juneFiling } from "./mcp-seed.js";
import type { McpContext } from "./mcp-suite.js";

const utc = (year: number, month: number, day = 1) => Date.UTC(year, month - 1, day) / 1000;

export function describeRangesAndCursors(ctx: McpContext): void {
  describe("ranges and cursors", () => {
    const call = (name: string, args: Record<string, unknown> = {}, key = ctx.account.testSecret) =>
      withMcp(ctx.system.mcpUrl, key, (client) => callTool(client, name, args));

    async function allPages(name: string, args: Record<string, unknown>): Promise<any[][]> {
      const pages: any[][] = [];
      let cursor: string | undefined;
      do {
        const page = ok(await call(name, { ...args, ...(cursor ? { cursor } : {}) }));
        pages.push(page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor && pages.length < 50);
      return pages;
    }

    it("list_filings with a status filter never answers an empty page that says has_more", async () => {
      for (const status of ["open", "pending_client_approval"]) {
        const pages = await allPages("list_filings", { status, limit: 1 });
        expect(pages.flat().length, status).toBeGreaterThan(0);
        for (const page of pages) expect(page, status).toHaveLength(1);
        expect(
          pages.flat().every((filing) => filing.status === status),
          status,
        ).toBe(true);
      }
    });

    it("list_filings selects the filings whose period starts between from and to, exactly", async () => {
      const ids = async (args: Record<string, unknown>) =>
        ok(await call("list_filings", { ...args, limit: 100 })).data.map((filing: any) => filing.id);
      expect(await ids({ from: "2025-06-01", to: "2025-06-30" })).toEqual([juneFiling]);
      // June's period starts on June 1st, before the 2nd: not in the range.
      expect(await ids({ from: "2025-06-02", to: "2025-06-30" })).toEqual([]);
      // From mid-May: May's filings start before it, June's in it.
      expect(await ids({ from: "2025-05-15", to: "2025-06-30" })).toEqual([juneFiling]);
    });

    it("get_sales_summary sums exact UTC days and says when a bound inside a day widened the range", async () => {
      const days = ok(await call("get_sales_summary", { from: "2025-06-15", to: "2025-06-20" }));
      expect(days).toMatchObject({
        period_from: "2025-06-15",
        period_to: "2025-06-20",
        summed_from: utc(2025, 6, 15),
        summed_to: utc(2025, 6, 21) - 1,
        range_widened: false,
      });
      const whole = ok(await call("get_sales_summary", { from: "2025-06-01", to: "2025-06-30" }));
      expect(whole).toMatchObject({ summed_from: utc(2025, 6), summed_to: utc(2025, 7) - 1, range_widened: false });
      expect(whole.currencies).toEqual(days.currencies);
      // The sale is on the 15th and its refund on the 16th: the 16th alone holds only the refund.
      const refundDay = ok(await call("get_sales_summary", { from: "2025-06-16", to: "2025-06-16" }));
      expect(refundDay.currencies).toEqual([
        expect.objectContaining({ gross_sales: 0, transaction_count: 0, refund_count: 1 }),
      ]);
      const inside = ok(await call("get_sales_summary", { from: utc(2025, 6, 15) + 60, to: "2025-06-20" }));
      expect(inside).toMatchObject({ summed_from: utc(2025, 6, 15), range_widened: true });
      const everything = ok(await call("get_sales_summary", {}));
      expect(everything).toMatchObject({
        period_from: "2025-05-10",
        summed_from: utc(2025, 5, 10),
        range_widened: false,
      });
    });

    it("a cursor is refused (invalid_cursor) by another list, with other filters or in the other mode", async () => {
      const transactions = ok(await call("list_transactions", { limit: 1 }));
      expect(transactions.next_cursor).toEqual(expect.any(String));
      expect(toolError(await call("list_filings", { cursor: transactions.next_cursor })).error_code).toBe(
        "invalid_cursor",
      );
      expect(
        toolError(await call("list_transactions", { cursor: transactions.next_cursor, from: "2025-06-01" })).error_code,
      ).toBe("invalid_cursor");
      expect(
        toolError(await call("list_transactions", { cursor: transactions.next_cursor }, ctx.account.liveSecret))
          .error_code,
      ).toBe("invalid_cursor");
      // The page size is not a filter: the same list continues with another limit.
      expect(ok(await call("list_transactions", { cursor: transactions.next_cursor, limit: 2 })).data).toHaveLength(2);
      const merchants = ok(await call("list_merchants", { limit: 1 }));
      expect(toolError(await call("list_customers", { cursor: merchants.next_cursor })).error_code).toBe(
        "invalid_cursor",
      );
      const filings = ok(await call("list_filings", { limit: 1 }));
      expect(filings.next_cursor).toEqual(expect.any(String));
      expect(toolError(await call("list_filings", { cursor: filings.next_cursor, status: "open" })).error_code).toBe(
        "invalid_cursor",
      );
    });

    it("REST lists refuse another list's cursor with 400 invalid_cursor", async () => {
      const customers = await ctx.api("/tax/customers?limit=1", { key: ctx.account.testSecret });
      expect(customers.body.next_cursor).toEqual(expect.any(String));
      const products = await ctx.api(`/tax/products?cursor=${encodeURIComponent(customers.body.next_cursor)}`, {
        key: ctx.account.testSecret,
      });
      expect(products.status).toBe(400);
      expect(JSON.stringify(products.body)).toContain("invalid_cursor");
      const again = await ctx.api(`/tax/customers?limit=1&cursor=${encodeURIComponent(customers.body.next_cursor)}`, {
        key: ctx.account.testSecret,
      });
      expect(again.status).toBe(200);
    });
  });
}
