// Test helpers around the official MCP client (Client + StreamableHTTPClientTransport)
// and raw JSON-RPC over fetch for the HTTP-level checks.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";

/**
 * Connects the way hosts do: initialize, then tools/list. After listTools() the SDK
 * caches every tool's output schema and checks each callTool result against it, so
 * a result that breaks its schema throws here as it would in a host.
 */
export async function connectMcp(mcpUrl: string, key: string): Promise<Client> {
  const client = new Client({ name: "levy-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${mcpUrl}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  await client.listTools();
  return client;
}

/** Runs `use` with a connected client and closes it afterwards. */
export async function withMcp<T>(mcpUrl: string, key: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = await connectMcp(mcpUrl, key);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The structured content of a successful call; its text block carries the same JSON. */
export function ok(result: CallToolResult): any {
  const text = (result.content[0] as { type: string; text: string }).text;
  if (result.isError) throw new Error(`tool failed: ${text}`);
  expect(JSON.parse(text.slice(text.indexOf("\n\n") + 2))).toEqual(result.structuredContent);
  return result.structuredContent;
}

/**
 * The error of a failed call: the JSON {error_code, error_message} in its one text
 * block, and no structured content (that belongs to the tool's output schema).
 */
export function toolError(result: CallToolResult): { error_code: string; error_message: string } {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(result.content).toHaveLength(1);
  const error = JSON.parse((result.content[0] as { type: string; text: string }).text) as {
    error_code: string;
    error_message: string;
  };
  expect(Object.keys(error).sort()).toEqual(["error_code", "error_message"]);
  return error;
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: any;
}

/** One JSON-RPC POST (or another method) to /mcp with fetch, no MCP client involved. */
export async function rawMcp(
  mcpUrl: string,
  options: { method?: string; key?: string | null; body?: unknown; path?: string } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  const method = options.method ?? "POST";
  const response = await fetch(`${mcpUrl}${options.path ?? "/mcp"}`, {
    method,
    headers,
    ...(method === "POST"
      ? { body: JSON.stringify(options.body ?? { jsonrpc: "2.0", id: 1, method: "tools/list" }) }
      : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // left as text
  }
  return { status: response.status, headers: response.headers, body };
}

export { eventually } from "../support/eventually.js";
