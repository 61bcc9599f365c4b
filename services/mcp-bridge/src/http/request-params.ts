// Params the MCP SDK cannot parse (tools/call arguments that are not an object,
// tools/list with a numeric cursor, initialize without a protocol version…) make the
// SDK answer -32603 "internal error" with a zod dump. They are the caller's mistake:
// checked here first, with the SDK's own request schemas, and answered -32602 naming
// the parameter. A "__proto__" key in tool arguments is refused too (see hasProtoKey).
import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

const schemas: Readonly<
  Record<
    string,
    {
      safeParse(value: unknown): {
        success: boolean;
        error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
      };
    }
  >
> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  "tools/list": ListToolsRequestSchema,
  "tools/call": CallToolRequestSchema,
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Why a request's params are unusable, or null when they are fine (or the method is not one the bridge serves). */
export function requestParamsProblem(message: unknown): string | null {
  if (!isPlainObject(message) || typeof message.method !== "string") return null;
  const params = message.params;
  if (message.method === "tools/call") {
    if (!isPlainObject(params)) return "Invalid params: params must be an object with name and arguments.";
    if (typeof params.name !== "string" || params.name.length === 0)
      return "Invalid params: params.name must be a tool name (string).";
    if (params.arguments !== undefined && !isPlainObject(params.arguments))
      return "Invalid params: params.arguments must be an object.";
    if (hasProtoKey(params.arguments))
      return "Invalid params: params.arguments has a __proto__ key, which no tool accepts.";
  }
  const schema = Object.hasOwn(schemas, message.method) ? schemas[message.method] : undefined;
  const parsed = schema?.safeParse({ method: message.method, ...(params === undefined ? {} : { params }) });
  const issue = parsed && !parsed.success ? parsed.error?.issues[0] : undefined;
  return issue ? `Invalid params: ${issue.path.map(String).join(".") || "params"}: ${issue.message}` : null;
}

/** The first problem among a single message or a batch. */
export function firstRequestParamsProblem(body: unknown): string | null {
  for (const message of Array.isArray(body) ? body : [body]) {
    const problem = requestParamsProblem(message);
    if (problem) return problem;
  }
  return null;
}

/**
 * An own "__proto__" key anywhere in the arguments (JSON.parse makes one). Zod's copy
 * would turn it into a prototype and drop it silently, so a strict tool schema never
 * sees it; refused here like any other unknown argument. Iterative: bodies can nest deep.
 */
function hasProtoKey(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== "object" || value === null) continue;
    if (!Array.isArray(value) && Object.hasOwn(value, "__proto__")) return true;
    // One at a time: spreading 200,000 elements into push() overflows the call stack.
    for (const item of Object.values(value)) pending.push(item);
  }
  return false;
}
