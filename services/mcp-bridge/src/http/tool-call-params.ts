// tools/call params the MCP SDK cannot parse (arguments that are not an object, a
// missing or non-string name) make the SDK answer -32603 "internal error" with a zod
// dump. They are the caller's mistake: checked here first and answered -32602.
// A "__proto__" key in the arguments is refused here too (see hasProtoKey).

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Why a tools/call message's params are unusable, or null when they are fine (or it is not tools/call). */
export function toolCallParamsProblem(message: unknown): string | null {
  if (!isPlainObject(message) || message.method !== "tools/call") return null;
  const params = message.params;
  if (!isPlainObject(params)) return "Invalid params: params must be an object with name and arguments.";
  if (typeof params.name !== "string" || params.name.length === 0) return "Invalid params: params.name must be a tool name (string).";
  if (params.arguments !== undefined && !isPlainObject(params.arguments)) return "Invalid params: params.arguments must be an object.";
  if (hasProtoKey(params.arguments)) return "Invalid params: params.arguments has a __proto__ key, which no tool accepts.";
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
    if (!Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, "__proto__")) return true;
    pending.push(...Object.values(value));
  }
  return false;
}

/** The first problem among a single message or a batch. */
export function firstToolCallParamsProblem(body: unknown): string | null {
  for (const message of Array.isArray(body) ? body : [body]) {
    const problem = toolCallParamsProblem(message);
    if (problem) return problem;
  }
  return null;
}
