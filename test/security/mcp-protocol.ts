// The agent-tool endpoint's protocol under attack: how a tool answer is judged (a
// result, or a tool error with error_code and error_message, never internal_error or a
// JSON-RPC -32603), malformed JSON-RPC envelopes and params, an oversized body (413
// JSON-RPC), and 10,000-level nesting and 200,000-element arrays in tool arguments.
import { describe, expect, it } from "vitest";
import { rawMcp, type RawAnswer } from "../mcp/mcp-client.js";
import type { McpSecurityContext } from "./mcp-security.js";

export async function callRaw(mcpUrl: string, key: string, name: string, args: unknown): Promise<RawAnswer> {
  return rawMcp(mcpUrl, {
    key,
    body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } },
  });
}

/** A JSON-RPC answer that is a tool result or tool error in the public shape, never an internal failure. */
export function expectCleanToolAnswer(answer: RawAnswer): { isError: boolean; error_code?: string; content?: any } {
  const context = JSON.stringify(answer.body)?.slice(0, 400);
  expect(answer.status, context).toBeLessThan(500);
  expect(typeof answer.body, context).toBe("object");
  if (answer.body.error) {
    // Protocol-level refusals (e.g. invalid params) are fine; an internal error is not.
    expect(answer.body.error.code, context).not.toBe(-32603);
    expect(answer.body.error.message, context).toEqual(expect.any(String));
    return { isError: true, error_code: `rpc ${answer.body.error.code}` };
  }
  const result = answer.body.result;
  expect(result, context).toBeDefined();
  if (!result.isError) return { isError: false, content: result.structuredContent };
  // A tool error is the JSON {error_code, error_message} in the text block, no structured content.
  expect(result.structuredContent, context).toBeUndefined();
  const error = JSON.parse(result.content[0].text);
  expect(error, context).toMatchObject({ error_code: expect.any(String), error_message: expect.any(String) });
  expect(error.error_code, context).not.toBe("internal_error");
  return { isError: true, error_code: error.error_code };
}

export function describeMcpProtocol(ctx: McpSecurityContext): void {
  describe("agent-tool protocol", () => {
    it("malformed JSON-RPC envelopes and params are JSON-RPC errors, never -32603", async () => {
      const request = (method: unknown, params?: unknown, id: unknown = 1) => ({
        jsonrpc: "2.0",
        id,
        method,
        ...(params === undefined ? {} : { params }),
      });
      const bodies: unknown[] = [
        request("tools/list", "x"),
        request("tools/list", { cursor: 5 }),
        request("tools/list", { cursor: { $gt: "" } }),
        request("initialize", "x"),
        request("initialize", { protocolVersion: 5 }),
        request("initialize", {}),
        request("nope"),
        request(5),
        request("tools/list", undefined, {}),
        { id: 1, method: "tools/list" },
        { ...request("tools/list"), jsonrpc: "1.0" },
        request("ping", 7),
        request("tools/call", { name: { $ne: null } }),
        request("tools/call", { name: "list_products", arguments: "x" }),
        request("tools/call", { name: "nope", arguments: {} }),
        request("tools/call", null),
        request("tools/call", { name: "list_products", arguments: {}, _meta: "x" }),
        [request("tools/call", { name: "list_products", arguments: [] })],
        JSON.parse(
          '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_products","arguments":{"__proto__":{"limit":1}}}}',
        ),
        [],
      ];
      for (const body of bodies) {
        const answer = await rawMcp(ctx.mcpUrl, { key: ctx.a.keys.testSecret, body });
        ctx.tally.check("MCP envelope", JSON.stringify(body).slice(0, 120), () => {
          const context = JSON.stringify(answer.body).slice(0, 300);
          expect(answer.status, context).toBeLessThan(500);
          const error = Array.isArray(answer.body) ? answer.body[0]?.error : answer.body.error;
          expect(error, context).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
          expect(error.code, context).not.toBe(-32603);
        });
      }
    });

    it("an oversized body is 413 JSON-RPC; deep nesting and huge arrays in arguments are clean refusals", async () => {
      const big = await rawMcp(ctx.mcpUrl, {
        key: ctx.a.keys.testSecret,
        body: { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: { pad: "x".repeat(1_100_000) } } },
      });
      ctx.tally.check("oversized body", "POST /mcp", () => {
        expect(big.status).toBe(413);
        expect(big.body).toMatchObject({
          jsonrpc: "2.0",
          error: { code: expect.any(Number), message: expect.any(String) },
        });
      });
      // Sent as text: JSON.stringify itself overflows the stack on 10,000 levels.
      const shapes = {
        "deep nesting": `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`,
        "huge array": `[${new Array(200_000).fill("0").join(",")}]`,
      };
      for (const [category, value] of Object.entries(shapes)) {
        const text = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_products","arguments":{"limit":${value}}}}`;
        const response = await fetch(`${ctx.mcpUrl}/mcp`, {
          method: "POST",
          body: text,
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            authorization: `Bearer ${ctx.a.keys.testSecret}`,
          },
        });
        const answer = { status: response.status, headers: response.headers, body: JSON.parse(await response.text()) };
        ctx.tally.check(category, "MCP list_products limit", () =>
          expect(expectCleanToolAnswer(answer).isError).toBe(true),
        );
      }
    });
  });
}
