// One MCP server per POST (stateless): the official SDK's low-level Server answering
// initialize, tools/list and tools/call for one authenticated caller. The low-level
// Server (not McpServer) is used so that the registry, not the SDK, validates
// arguments: a bad argument must come back as a tool error with error_code.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { ToolContext, ToolRegistry } from "../tools/registry.js";

export const serverInfo = { name: "levy", title: "Levy tax operations", version: "0.1.0" };

const instructions =
  "Tools over one Levy account's tax data (the account and mode come from the API key): sales summaries, transactions and refunds, filings, merchants, products, customers and tax categories. Amounts are integers in the currency's minor unit. List tools page with cursor/next_cursor. A failed call returns isError with the JSON {error_code, error_message} as its text.";

// Built once: without it every Server builds its own Ajv with all formats (a tenth of a
// tools/call's CPU). The bridge never asks the client for input (elicitation, the
// validator's only use), so nothing is ever compiled into it.
const jsonSchemaValidator = new AjvJsonSchemaValidator();

export function createMcpServer(registry: ToolRegistry, context: ToolContext): Server {
  const server = new Server(serverInfo, { capabilities: { tools: {} }, instructions, jsonSchemaValidator });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: registry.list() }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    registry.call(request.params.name, request.params.arguments, context),
  );
  return server;
}
