// JSON-RPC error answers of the /mcp endpoint, always {jsonrpc: "2.0", error, id}
// with id null when the request's id is unknown.
import type { Response } from "express";

export const rpcCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  invalidParams: -32602,
  internalError: -32603,
  methodNotAllowed: -32000,
  unauthorized: -32001,
  rateLimited: -32005,
  unavailable: -32006,
} as const;

export type RequestId = string | number | null;

/** The id of a single JSON-RPC request body, else null (batches, notifications, garbage). */
export function requestIdOf(body: unknown): RequestId {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

export function sendRpcError(
  response: Response,
  status: number,
  code: number,
  message: string,
  id: RequestId = null,
): void {
  response.status(status).json({ jsonrpc: "2.0", error: { code, message }, id });
}
