// The short way must answer exactly as the SDK's transport does, and must be taken only
// for requests that transport would pass to the server as they are.
import { describe, expect, it } from "vitest";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";
import { createMcpServer } from "../mcp/create-mcp-server.js";
import type { Upstream } from "../ports/upstream.js";
import { allTools } from "../tools/all-tools.js";
import { createToolRegistry } from "../tools/registry.js";
import { SingleRequestTransport, plainSingleRequest } from "./single-request-transport.js";

const registry = createToolRegistry(allTools, { writeToolsEnabled: false });
const context = { caller: { accountId: "acct_1", livemode: false, keyId: "key_1" }, upstream: {} as Upstream };
const headers = { accept: "application/json, text/event-stream", "content-type": "application/json" };

async function bySdk(message: unknown): Promise<{ status: number; contentType: string | null; body: string }> {
  const server = createMcpServer(registry, context);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  const answer = await transport.handleRequest(new Request("http://localhost/mcp", { method: "POST", headers }), {
    parsedBody: message,
  });
  const result = { status: answer.status, contentType: answer.headers.get("content-type"), body: await answer.text() };
  await server.close();
  return result;
}

async function byShortWay(message: JSONRPCRequest): Promise<string> {
  const server = createMcpServer(registry, context);
  const transport = new SingleRequestTransport();
  await server.connect(transport);
  transport.deliver(message);
  const body = await transport.answer;
  await server.close();
  return body;
}

const requests: Array<[string, unknown]> = [
  ["tools/list", { jsonrpc: "2.0", id: 1, method: "tools/list" }],
  ["ping", { jsonrpc: "2.0", id: "p", method: "ping" }],
  ["an unknown method", { jsonrpc: "2.0", id: 2, method: "resources/list" }],
  ["an unknown tool", { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "nope", arguments: {} } }],
  [
    "arguments the tool refuses",
    { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "get_customer", arguments: { customer_id: 7 } } },
  ],
  [
    "a live-only tool with a test key",
    { jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "get_sales_summary", arguments: {} } },
  ],
  [
    "a task-augmented call",
    {
      jsonrpc: "2.0",
      id: 6,
      method: "tools/call",
      params: { name: "get_customer", arguments: { customer_id: "c" }, task: { ttl: 1000 } },
    },
  ],
];

describe("SingleRequestTransport", () => {
  it.each(requests)("answers %s exactly as the SDK transport does", async (_what, message) => {
    const request = plainSingleRequest(headers, message);
    expect(request).not.toBeNull();
    const sdk = await bySdk(message);
    expect(sdk).toMatchObject({ status: 200, contentType: "application/json" });
    expect(await byShortWay(request!)).toBe(sdk.body);
  });

  const tools = { jsonrpc: "2.0", id: 1, method: "tools/list" };
  it.each<[string, Record<string, string>, unknown]>([
    [
      "initialize",
      headers,
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      },
    ],
    ["a batch", headers, [tools]],
    ["a notification", headers, { jsonrpc: "2.0", method: "notifications/initialized" }],
    ["a response", headers, { jsonrpc: "2.0", id: 1, result: {} }],
    ["not JSON-RPC 2.0", headers, { jsonrpc: "1.0", id: 1, method: "tools/list" }],
    ["an Accept without text/event-stream", { ...headers, accept: "application/json" }, tools],
    [
      "another spelling of the JSON media type",
      { ...headers, "content-type": "application/json; charset=utf-8" },
      tools,
    ],
    ["an unsupported protocol version", { ...headers, "mcp-protocol-version": "1999-01-01" }, tools],
  ])("leaves %s to the SDK transport", (_what, requestHeaders, message) => {
    expect(plainSingleRequest(requestHeaders, message)).toBeNull();
  });

  it("takes a supported protocol version header", () => {
    expect(plainSingleRequest({ ...headers, "mcp-protocol-version": "2025-06-18" }, tools)).not.toBeNull();
  });
});
