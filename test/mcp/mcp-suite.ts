// Issue 8 through the agent-tool endpoint: the official MCP client drives initialize,
// tools/list and every tool (success and error paths) against data seeded through the
// REST API; raw fetch checks the HTTP contract (405, /ping, the five 401 messages, 429).
// The same suite runs embedded and distributed (FerretDB + Kafka).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import {
  documentServerEnv,
  startDocumentServer,
  type DocumentServer,
} from "../certificates/support/document-server.js";
import type { SystemUnderTest } from "../support/system.js";
import { callTool, connectMcp, eventually, ok, rawMcp, toolError, withMcp } from "./mcp-client.js";
import { juneFiling, seedAccount, type Seed } from "./mcp-seed.js";
import { agentReadTools, agentWriteTools, describeAgentTools } from "./mcp-agent-tools.js";
import { certificateReadTools, certificateWriteTools, describeCertificateTools } from "./mcp-certificate-tools.js";
import { describeCalculationAndMerchantTools } from "./mcp-calculation-and-merchant-tools.js";
import { describeHostDetails } from "./mcp-host-details.js";
import { describePythonClient } from "./mcp-python-client.js";
import { describeRangesAndCursors } from "./mcp-ranges-and-cursors.js";
import { describeRateLimit } from "./mcp-rate-limit.js";
import { describeReadTools } from "./mcp-read-tools.js";
import { describeWriteTools } from "./mcp-write-tools.js";

const readTools = [
  "list_tax_categories",
  "get_sales_summary",
  "list_transactions",
  "get_transaction",
  "list_refunds",
  "list_filings",
  "get_filing",
  "list_merchants",
  "get_merchant",
  "list_products",
  "get_product",
  "list_customers",
  "get_customer",
  ...agentReadTools,
  ...certificateReadTools,
];
const writeTools = [
  "create_product",
  "update_product",
  "delete_product",
  "approve_filing",
  "reject_filing",
  ...agentWriteTools,
  ...certificateWriteTools,
];

export interface McpContext {
  system: SystemUnderTest;
  api: ReturnType<typeof createApi>;
  account: AccountKeys;
  other: AccountKeys;
  seed: Seed;
  otherSeed: Seed;
  /** The https document host the certificate tools fetch from. */
  docs: DocumentServer;
}

export function describeMcp(
  mode: string,
  startSystem: (env: Record<string, string>) => Promise<SystemUnderTest>,
): void {
  describe(`MCP endpoint (${mode})`, () => {
    const ctx = {} as McpContext;
    const call = (
      name: string,
      args: Record<string, unknown> = {},
      key = ctx.account.testSecret,
      url = ctx.system.mcpUrl,
    ) => withMcp(url, key, (client) => callTool(client, name, args));

    beforeAll(async () => {
      // A generous limit for the main bridge: the rate-limit tests use replicas of their own.
      ctx.docs = await startDocumentServer();
      ctx.system = await startSystem({
        ...documentServerEnv(ctx.docs),
        MCP_RATE_LIMIT: "100000",
        MCP_RATE_WINDOW_SECONDS: "3600",
      });
      ctx.api = createApi(ctx.system.restUrl);
      ctx.account = await createAccount(ctx.system.restUrl, ctx.system.adminToken, "MCP");
      ctx.other = await createAccount(ctx.system.restUrl, ctx.system.adminToken, "MCP other");
      ctx.seed = await seedAccount(ctx.api, ctx.account.testSecret, "a");
      ctx.otherSeed = await seedAccount(ctx.api, ctx.other.testSecret, "b");
      // Filings and summaries are built from the ledger's events: wait until they hold the seed.
      await withMcp(ctx.system.mcpUrl, ctx.account.testSecret, async (client) => {
        const filing = await eventually(
          () => callTool(client, "get_filing", { filing_id: juneFiling }),
          (result) =>
            !result.isError &&
            (result.structuredContent as any).transaction_count === 3 &&
            (result.structuredContent as any).refund_count === 1,
        );
        expect(filing.isError).toBeFalsy();
        await eventually(
          () => callTool(client, "get_sales_summary", {}),
          (result) => (result.structuredContent as any)?.currencies?.[0]?.transaction_count === 5,
        );
      });
    });
    afterAll(async () => {
      await ctx.system?.stop();
      await ctx.docs?.close();
    });

    describe("protocol", () => {
      it("initializes and lists the read tools, each with an input and an output schema; write tools are off by default", async () => {
        const client = await connectMcp(ctx.system.mcpUrl, ctx.account.testSecret);
        try {
          expect(client.getServerVersion()).toMatchObject({ name: "levy" });
          expect(client.getServerCapabilities()?.tools).toBeDefined();
          const { tools } = await client.listTools();
          expect(tools.map((tool) => tool.name).sort()).toEqual([...readTools].sort());
          for (const tool of tools) {
            expect(tool.description).toBeTruthy();
            expect(tool.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
            expect(tool.outputSchema).toMatchObject({ type: "object" });
            expect(JSON.stringify(tool.inputSchema)).not.toMatch(/account/i);
          }
          await expect(
            client.callTool({ name: "approve_filing", arguments: { filing_id: juneFiling } }),
          ).rejects.toBeInstanceOf(McpError);
        } finally {
          await client.close();
        }
      });

      it("each POST stands alone: tools/list and tools/call work without a session", async () => {
        const list = await rawMcp(ctx.system.mcpUrl, {
          key: ctx.account.testSecret,
          body: { jsonrpc: "2.0", id: "a", method: "tools/list" },
        });
        expect(list.status).toBe(200);
        expect(list.headers.get("mcp-session-id")).toBeNull();
        expect(list.body).toMatchObject({ jsonrpc: "2.0", id: "a", result: { tools: expect.any(Array) } });
        const body = {
          jsonrpc: "2.0",
          id: 2,
          method: "tools/call",
          params: { name: "list_tax_categories", arguments: {} },
        };
        const called = await rawMcp(ctx.system.mcpUrl, { key: ctx.account.testSecret, body });
        expect(called.body.result.structuredContent.categories.length).toBeGreaterThan(3);
      });

      it("rejects unknown arguments (an account identifier included) as invalid_arguments", async () => {
        expect(toolError(await call("list_transactions", { account_id: ctx.other.accountId }))).toMatchObject({
          error_code: "invalid_arguments",
          error_message: expect.stringContaining("account_id"),
        });
        expect(toolError(await call("list_transactions", { from: "June 2025" })).error_code).toBe("invalid_arguments");
      });
    });

    describe("HTTP", () => {
      it("GET and DELETE /mcp are 405 with JSON-RPC -32000; GET /ping is ok", async () => {
        for (const method of ["GET", "DELETE"]) {
          const answer = await rawMcp(ctx.system.mcpUrl, { method, key: ctx.account.testSecret });
          expect(answer.status).toBe(405);
          expect(answer.body).toEqual({
            jsonrpc: "2.0",
            error: { code: -32000, message: "Method not allowed." },
            id: null,
          });
        }
        const ping = await rawMcp(ctx.system.mcpUrl, { method: "GET", path: "/ping" });
        expect(ping).toMatchObject({ status: 200, body: { status: "ok" } });
      });

      it("answers 401 / -32001 with the spec's five messages (id null: an anonymous body is never read)", async () => {
        const unauthorized = async (key: string | null, message: string) => {
          const answer = await rawMcp(ctx.system.mcpUrl, {
            key,
            body: { jsonrpc: "2.0", id: 9, method: "tools/list" },
          });
          expect(answer.status).toBe(401);
          expect(answer.body).toEqual({ jsonrpc: "2.0", error: { code: -32001, message }, id: null });
        };
        await unauthorized(null, "Bearer token not provided.");
        await unauthorized("not-a-key", "Invalid API key format.");
        await unauthorized(`sk_test_${"x".repeat(32)}`, "API key not found.");
        await unauthorized(ctx.account.testPublishable, "Public API keys are not supported. Use a secret key.");
        const admin = { authorization: `Bearer ${ctx.system.adminToken}` };
        const issued = await ctx.api(`/admin/v1/accounts/${ctx.account.accountId}/keys`, {
          headers: admin,
          body: { kind: "secret", mode: "test" },
        });
        expect(issued.status).toBe(201);
        expect((await rawMcp(ctx.system.mcpUrl, { key: issued.body.secret })).status).toBe(200);
        expect((await ctx.api(`/admin/v1/keys/${issued.body.id}`, { method: "DELETE", headers: admin })).status).toBe(
          200,
        );
        await unauthorized(issued.body.secret, "API key is not active.");
      });

      it("checks the key before reading the body, and refuses a body nested over 32 levels before parsing it", async () => {
        const deep = `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":${"[".repeat(200_000)}${"]".repeat(200_000)}}}`;
        const post = (key: string | null, text: string) =>
          fetch(`${ctx.system.mcpUrl}/mcp`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: "application/json, text/event-stream",
              ...(key ? { authorization: `Bearer ${key}` } : {}),
            },
            body: text,
          }).then(async (response) => ({ status: response.status, body: await response.json() }));
        expect(await post(null, deep)).toEqual({
          status: 401,
          body: { jsonrpc: "2.0", error: { code: -32001, message: "Bearer token not provided." }, id: null },
        });
        expect(await post(null, "{not json")).toMatchObject({ status: 401 });
        const refused = await post(ctx.account.testSecret, deep);
        expect(refused).toMatchObject({ status: 400, body: { jsonrpc: "2.0", error: { code: -32600 }, id: null } });
        expect(refused.body.error.message).toMatch(/more than 32 levels/);
        const fine = `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"x":${"[".repeat(20)}${"]".repeat(20)}}}}`;
        expect((await post(ctx.account.testSecret, fine)).status).toBe(200);
      });
    });

    describeReadTools(ctx, call);
    describeWriteTools(ctx, readTools.length, writeTools);
    describeCertificateTools(ctx);
    describeAgentTools(ctx);
    describeCalculationAndMerchantTools(ctx);
    describeRateLimit(ctx);
    describePythonClient(ctx, readTools);
    describeHostDetails(ctx);
    describeRangesAndCursors(ctx);

    it("an upstream failure inside a tool is internal_error (safe to retry); the tool works again after", async () => {
      await ctx.system.stopService("ledger");
      try {
        expect(toolError(await call("list_transactions"))).toEqual({
          error_code: "internal_error",
          error_message: "unexpected server error; safe to retry",
        });
        // Operators see it, and refused requests, in Prometheus.
        expect((await rawMcp(ctx.system.mcpUrl, { key: null })).status).toBe(401);
        const metrics = await (await fetch(`http://127.0.0.1:${ctx.system.opsPorts["mcp-bridge"]}/metrics`)).text();
        expect(metrics).toMatch(
          /levy_mcp_tool_calls_total\{[^}]*tool="list_transactions",outcome="internal_error"[^}]*\} [1-9]/,
        );
        expect(metrics).toMatch(/levy_mcp_http_responses_total\{[^}]*status="401"[^}]*\} [1-9]/);
      } finally {
        await ctx.system.restart("ledger");
      }
      expect(ok(await call("list_transactions")).data.length).toBeGreaterThan(0);
    });
  });
}
