// The tool registry: every tool is one small module (name, description, input and
// output schema, write and live-only flags, handler). The registry offers the enabled
// tools to tools/list and runs tools/call generically: unknown tool → JSON-RPC error;
// live-only tool with a test key → live_mode_required; arguments checked against the
// strict input schema (null for an optional argument counts as absent); the result checked against the output schema it advertises.
import { z } from "zod";
import { ErrorCode, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Logger } from "@levy/kit";
import type { Caller, Upstream } from "../ports/upstream.js";
import { ToolError, internalErrorMessage, toToolError } from "./tool-error.js";
import { allowNullForOptional, dropOptionalNulls } from "./optional-nulls.js";
import { errorResult, successResult } from "./tool-result.js";

export interface ToolContext {
  readonly caller: Caller;
  readonly upstream: Upstream;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly description: string;
  readonly input: I;
  readonly output: O;
  /** Changes data: offered only when MCP_WRITE_TOOLS=true. */
  readonly write: boolean;
  /** Required for write tools, shown as MCP annotations: does a call overwrite, delete or
   * decide something for good (destructive), and does repeating it change nothing more
   * (idempotent)? A tool that is not a write but still stores something (calculate_tax
   * keeps its calculation for POST /tax/transactions) says its effect too: it is then not
   * read-only, yet offered without the write switch. */
  readonly effect?: { readonly destructive: boolean; readonly idempotent: boolean };
  /** Reaches beyond Levy's own data (e.g. downloads from a URL the caller gives). */
  readonly openWorld?: boolean;
  /** Live mode only: with a test key the call ends in live_mode_required before run(). */
  readonly liveOnly: boolean;
  run(args: z.output<I>, context: ToolContext): Promise<z.input<O>>;
  /** One readable line about the result, shown above its JSON in the text content. */
  summarize(result: z.output<O>): string;
}

/** Keeps each tool module's types while the registry holds them side by side. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(
  definition: ToolDefinition<I, O>,
): ToolDefinition {
  return definition as unknown as ToolDefinition;
}

export interface ToolRegistryOptions {
  readonly writeToolsEnabled: boolean;
  readonly logger?: Logger;
  /** Told the outcome of every call of a known tool: "ok" or the error_code. */
  readonly onCall?: (tool: string, outcome: string) => void;
}

export interface ToolRegistry {
  /** The enabled tools as tools/list shows them. */
  list(): Tool[];
  call(name: string, args: unknown, context: ToolContext): Promise<CallToolResult>;
}

/**
 * JSON-RPC -32602 for a tool that is not offered. McpError prefixes its message with
 * "MCP error -32602: ", which the server would send as is; the code is already the
 * error's `code`, so the message says only what is wrong.
 */
export class UnknownToolError extends McpError {
  constructor(name: string) {
    super(ErrorCode.InvalidParams, "Unknown tool");
    this.message = `Unknown tool: ${name.slice(0, 100)}`;
  }
}

const jsonSchema = (schema: z.ZodObject, io: "input" | "output") =>
  z.toJSONSchema(schema, { target: "draft-7", io }) as Tool["inputSchema"];

function annotationsOf(tool: ToolDefinition): Tool["annotations"] {
  const openWorldHint = tool.openWorld ?? false;
  if (!tool.effect) return { readOnlyHint: true, openWorldHint };
  return {
    readOnlyHint: false,
    destructiveHint: tool.effect.destructive,
    idempotentHint: tool.effect.idempotent,
    openWorldHint,
  };
}

function argumentProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid arguments";
  const where = issue.path.length > 0 ? issue.path.join(".") : "arguments";
  return `${where}: ${issue.message}`;
}

export function createToolRegistry(tools: readonly ToolDefinition[], options: ToolRegistryOptions): ToolRegistry {
  const enabled = new Map<string, ToolDefinition>();
  for (const tool of tools) {
    if (enabled.has(tool.name)) throw new Error(`tool ${tool.name} is defined twice`);
    if (tool.write && !tool.effect)
      throw new Error(`write tool ${tool.name} must say its effect (destructive, idempotent)`);
    if (!tool.write || options.writeToolsEnabled) enabled.set(tool.name, tool);
  }
  const listed: Tool[] = [...enabled.values()].map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: allowNullForOptional(jsonSchema(tool.input, "input")) as Tool["inputSchema"],
    outputSchema: jsonSchema(tool.output, "output"),
    annotations: annotationsOf(tool),
  }));

  async function run(tool: ToolDefinition, args: unknown, context: ToolContext): Promise<CallToolResult> {
    if (tool.liveOnly && !context.caller.livemode) {
      throw new ToolError(
        "live_mode_required",
        `${tool.name} works in live mode only; call it with a live secret key (sk_prod_...)`,
      );
    }
    const parsed = tool.input.safeParse(dropOptionalNulls(tool.input, args ?? {}));
    if (!parsed.success) throw new ToolError("invalid_arguments", argumentProblem(parsed.error));
    const result = tool.output.safeParse(await tool.run(parsed.data, context));
    if (!result.success) {
      options.logger?.error(
        { tool: tool.name, problem: argumentProblem(result.error) },
        "tool result does not match its output schema",
      );
      throw new ToolError("internal_error", internalErrorMessage);
    }
    return successResult(result.data as Record<string, unknown>, tool.summarize(result.data));
  }

  return {
    list: () => listed,
    async call(name, args, context) {
      const tool = enabled.get(name);
      if (!tool) throw new UnknownToolError(name);
      try {
        const result = await run(tool, args, context);
        options.onCall?.(name, "ok");
        return result;
      } catch (error) {
        const toolError = toToolError(error);
        if (toolError.code === "internal_error")
          options.logger?.error({ err: error, tool: name }, "tool failed unexpectedly");
        options.onCall?.(name, toolError.code);
        return errorResult(toolError);
      }
    },
  };
}
