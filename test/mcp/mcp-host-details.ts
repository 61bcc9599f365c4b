// What hosts run into beyond the happy path (issue 16, item 13): strict-mode hosts send
// null for every optional argument; a JSON-RPC batch of one is still a batch; an unknown
// tool's message says what is wrong once.
import { describe, expect, it } from "vitest";
import { callTool, ok, rawMcp, withMcp } from "./mcp-client.js";
import type { McpContext } from "./mcp-suite.js";

export function describeHostDetails(ctx: McpContext): void {
  describe("host details", () => {
    it("null for an optional argument is taken as absent, and tools/list says null is accepted", async () => {
      await withMcp(ctx.system.mcpUrl, ctx.account.testSecret, async (client) => {
        const plain = ok(await callTool(client, "list_transactions", {}));
        const nulls = ok(
          await callTool(client, "list_transactions", {
            cursor: null,
            limit: null,
            from: null,
            to: null,
            merchant_id: null,
          }),
        );
        expect(nulls).toEqual(plain);
        const summary = ok(await callTool(client, "get_sales_summary", { from: null, to: null, merchant_id: null }));
        expect(summary.currencies).toEqual(ok(await callTool(client, "get_sales_summary", {})).currencies);
        const { tools } = await client.listTools();
        const listTransactions = tools.find((tool) => tool.name === "list_transactions")!;
        expect(listTransactions.inputSchema.properties?.cursor).toMatchObject({
          anyOf: expect.arrayContaining([{ type: "null" }]),
        });
        // A required argument stays required and non-null.
        const getTransaction = tools.find((tool) => tool.name === "get_transaction")!;
        expect(JSON.stringify(getTransaction.inputSchema.properties?.transaction_id)).not.toContain("null");
      });
    });

    it("a batch of one request is answered with an array of one response", async () => {
      const batch = await rawMcp(ctx.system.mcpUrl, {
        key: ctx.account.testSecret,
        body: [{ jsonrpc: "2.0", id: 5, method: "tools/list" }],
      });
      expect(batch.status).toBe(200);
      expect(Array.isArray(batch.body)).toBe(true);
      expect(batch.body).toHaveLength(1);
      expect(batch.body[0]).toMatchObject({ jsonrpc: "2.0", id: 5, result: { tools: expect.any(Array) } });
      const single = await rawMcp(ctx.system.mcpUrl, {
        key: ctx.account.testSecret,
        body: { jsonrpc: "2.0", id: 6, method: "tools/list" },
      });
      expect(single.body).toMatchObject({ jsonrpc: "2.0", id: 6, result: { tools: expect.any(Array) } });
    });

    it("an unknown tool is JSON-RPC -32602 with a message that does not repeat its code", async () => {
      const body = { jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "no_such_tool", arguments: {} } };
      const answer = await rawMcp(ctx.system.mcpUrl, { key: ctx.account.testSecret, body });
      expect(answer.body).toEqual({
        jsonrpc: "2.0",
        id: 8,
        error: { code: -32602, message: "Unknown tool: no_such_tool" },
      });
    });
  });
}
