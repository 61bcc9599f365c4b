// The per-POST MCP server must not redo start-up work: the SDK builds a JSON Schema
// validator (a fresh Ajv with every format) for each Server unless it is given one.
import { describe, expect, it } from "vitest";
import { createToolRegistry } from "../tools/registry.js";
import { allTools } from "../tools/all-tools.js";
import type { ToolContext } from "../tools/registry.js";
import { createMcpServer } from "./create-mcp-server.js";

describe("createMcpServer", () => {
  it("shares one JSON Schema validator between the servers of successive requests", () => {
    const registry = createToolRegistry(allTools, { writeToolsEnabled: false });
    const context = {} as ToolContext;
    const validatorOf = (server: object) => (server as { _jsonSchemaValidator?: unknown })._jsonSchemaValidator;
    const first = validatorOf(createMcpServer(registry, context));
    expect(first).toBeDefined();
    expect(validatorOf(createMcpServer(registry, context))).toBe(first);
  });
});
