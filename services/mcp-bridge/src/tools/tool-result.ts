// The two shapes of a tools/call result: structured content plus a readable text block,
// or an error flagged isError whose one text block is the JSON {error_code,
// error_message}. An error carries no structuredContent: that field must match the
// tool's outputSchema, and the official TypeScript client checks it even on errors
// (docs/decisions.md, "Agents (MCP)").
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolError } from "./tool-error.js";

export function successResult(structured: Record<string, unknown>, summary: string): CallToolResult {
  return {
    content: [{ type: "text", text: `${summary}\n\n${JSON.stringify(structured, null, 2)}` }],
    structuredContent: structured,
  };
}

export function errorResult(error: ToolError): CallToolResult {
  const body = { error_code: error.code, error_message: error.message };
  return { content: [{ type: "text", text: JSON.stringify(body) }], isError: true };
}
