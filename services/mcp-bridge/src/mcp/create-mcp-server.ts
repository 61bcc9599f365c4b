// One MCP server per POST (stateless): the official SDK's low-level Server answering
// initialize, tools/list and tools/call for one authenticated caller. The low-level
// Server (not McpServer) is used so that the registry, not the SDK, validates
// arguments: a bad argument must come back as a tool error with error_code.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ToolContext, ToolRegistry } from "../tools/registry.js";

export const serverInfo = { name: "levy", title: "Levy tax operations", version: "0.1.0" };

const instructions =
  "Tools over one Levy account's tax data (the account and mode come from the API key): sales summaries, transactions and refunds, filings, merchants, products, customers and tax categories. Amounts are integers in the currency's minor unit. List tools page with cursor/next_cursor. A failed call returns isError with the JSON {error_code, error_message} as its text.";

export function createMcpServer(registry: ToolRegistry, context: ToolContext): Server {
  const server = new Server(serverInfo, { capabilities: { tools: {} }, instructions });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: registry.list() }));
  server.setRequestHandler(CallToolRequestSchema, (request) => registry.call(request.params.name, request.params.arguments, context));
  return server;
}
