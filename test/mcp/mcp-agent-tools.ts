// Issue 21 item 6 through the official TypeScript MCP client: the tools an agent needs
// beyond the spec's list — a transaction by its order id, a rate lookup, and (behind the
// write switch) customer changes — each checked against what REST answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpBridgeReplica } from "../support/system.js";
import { callTool, ok, toolError, withMcp } from "./mcp-client.js";
import type { McpContext } from "./mcp-suite.js";

export const agentReadTools = [
  "get_transaction_by_order",
  "lookup_tax_rate",
  "calculate_tax",
  "calculate_platform_tax",
];
export const agentWriteTools = [
  "create_customer",
  "update_customer",
  "create_merchant",
  "update_merchant",
  "delete_merchant",
];

export function describeAgentTools(ctx: McpContext): void {
  describe("agent tools", () => {
    const call = (
      name: string,
      args: Record<string, unknown> = {},
      key = ctx.account.testSecret,
      url = ctx.system.mcpUrl,
    ) => withMcp(url, key, (client) => callTool(client, name, args));

    it("get_transaction_by_order finds the sale REST recorded, and only in the caller's account", async () => {
      const juneA = ctx.seed.transactions.juneA;
      const found = ok(await call("get_transaction_by_order", { reference_order_id: juneA.reference_order_id }));
      expect(found).toEqual((await ctx.api(`/tax/transactions/${juneA.id}`, { key: ctx.account.testSecret })).body);
      const otherOrder = ctx.otherSeed.transactions.juneA.reference_order_id;
      expect(toolError(await call("get_transaction_by_order", { reference_order_id: otherOrder })).error_code).toBe(
        "transaction_not_found",
      );
      expect(
        toolError(await call("get_transaction_by_order", { reference_order_id: juneA.reference_order_id, type: "fee" }))
          .error_code,
      ).toBe("transaction_not_found");
    });

    it("lookup_tax_rate answers as GET /tax/rates, and refuses places and codes Levy cannot tax", async () => {
      const args = {
        country: "US",
        province: "MI",
        postal_code: "48226",
        category: "GENERAL_MERCHANDISE",
        date: "2026-03-15",
      };
      const lookup = ok(await call("lookup_tax_rate", args));
      expect(lookup).toMatchObject({ object: "tax.rate_lookup", combined_rate: 0.06, date: "2026-03-15" });
      const rest = await ctx.api(
        "/tax/rates?country=US&province=MI&postal_code=48226&category=GENERAL_MERCHANDISE&date=2026-03-15",
        { key: ctx.account.testSecret },
      );
      expect(lookup).toEqual(rest.body);
      expect(toolError(await call("lookup_tax_rate", { ...args, country: "UK" })).error_code).toBe("invalid_arguments");
      expect(
        toolError(await call("lookup_tax_rate", { country: "AQ", category: "GENERAL_MERCHANDISE" })).error_code,
      ).toBe("unsupported_jurisdiction");
      expect(toolError(await call("lookup_tax_rate", { ...args, category: "SPACESHIPS" })).error_code).toBe(
        "invalid_product_category",
      );
    });

    describe("customer write tools (MCP_WRITE_TOOLS=true)", () => {
      let writer: McpBridgeReplica;
      const write = (name: string, args: Record<string, unknown>) =>
        call(name, args, ctx.account.testSecret, writer.mcpUrl);

      beforeAll(async () => {
        writer = await ctx.system.startMcpBridgeReplica({
          MCP_WRITE_TOOLS: "true",
          MCP_RATE_LIMIT: "100000",
          MCP_RATE_WINDOW_SECONDS: "3600",
        });
      });
      afterAll(() => writer?.stop());

      it("create_customer and update_customer change the customer as REST sees it; duplicates and empty changes are refused", async () => {
        const created = ok(
          await write("create_customer", { reference_customer_id: "agent-1", email: "agent-1@example.com" }),
        );
        expect(created).toMatchObject({ reference_customer_id: "agent-1", is_tax_exempt: false });
        const duplicate = toolError(await write("create_customer", { email: "agent-1@example.com" }));
        expect(duplicate.error_code).toBe("duplicate_customer");
        const updated = ok(
          await write("update_customer", { customer_id: "agent-1", is_tax_exempt: true, name: "Agent" }),
        );
        expect(updated).toMatchObject({ id: created.id, is_tax_exempt: true, name: "Agent" });
        expect((await ctx.api("/tax/customers/agent-1", { key: ctx.account.testSecret })).body).toEqual(updated);
        expect(toolError(await write("update_customer", { customer_id: "agent-1" })).error_code).toBe(
          "invalid_arguments",
        );
        expect(toolError(await write("update_customer", { customer_id: "nobody", name: "x" })).error_code).toBe(
          "customer_not_found",
        );
      });

      it("update_customer refuses to make a customer exempt whose buyer was deleted, as REST does", async () => {
        const live = (name: string, args: Record<string, unknown>) =>
          call(name, args, ctx.account.liveSecret, writer.mcpUrl);
        const admin = (path: string, init: { body?: unknown; method?: string } = {}) =>
          ctx.api(`/admin/v1/accounts/${ctx.account.accountId}${path}`, {
            headers: { authorization: `Bearer ${ctx.system.adminToken}` },
            ...init,
          });
        const lost = ok(await live("create_customer", { reference_customer_id: "agent-lost-buyer" }));
        const buyer = await admin("/buyers", {
          body: { legal_name: "Lost Co", customer: { reference_customer_id: "agent-lost-buyer" } },
        });
        expect(buyer.status).toBe(201);
        expect((await admin(`/buyers/${buyer.body.id}`, { method: "DELETE" })).status).toBe(200);
        const refused = toolError(await live("update_customer", { customer_id: lost.id, is_tax_exempt: true }));
        expect(refused.error_code).toBe("invalid_arguments");
        expect(ok(await live("update_customer", { customer_id: lost.id, name: "Still editable" }))).toMatchObject({
          is_tax_exempt: false,
          name: "Still editable",
        });
      });
    });
  });
}
