// tools/call params the MCP SDK cannot parse (arguments that are not an object, a
// missing or non-string name) make the SDK answer -32603 "internal error" with a zod
// dump. They are the caller's mistake: checked here first and answered -32602.

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
  return null;
}

/** The first problem among a single message or a batch. */
export function firstToolCallParamsProblem(body: unknown): string | null {
  for (const message of Array.isArray(body) ? body : [body]) {
    const problem = toolCallParamsProblem(message);
    if (problem) return problem;
  }
  return null;
}
