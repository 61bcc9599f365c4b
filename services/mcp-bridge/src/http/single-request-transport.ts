// A short way through the SDK for the common POST: one JSON-RPC request (tools/call,
// tools/list, ping…) that the SDK's Streamable HTTP transport, stateless with JSON
// answers, would simply hand to the server and whose one answer it would send back as
// JSON. That transport costs a web Request copy of the headers, a web Response and a read
// of its body stream per POST (about a tenth of a tools/call's CPU). Here the server gets
// the message directly and its answer comes back as the same text. Only requests the SDK
// transport would accept as they are take this way (same header checks, same message
// parse); everything else (initialize, batches, notifications, headers it would refuse)
// still goes through the SDK transport, so every other answer stays the SDK's own.
import type { IncomingHttpHeaders } from "node:http";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  isInitializeRequest,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from "@modelcontextprotocol/sdk/types.js";

/** The request when the SDK transport would pass it to the server unchanged, else null. */
export function plainSingleRequest(headers: IncomingHttpHeaders, body: unknown): JSONRPCRequest | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  // The SDK transport's own checks: both media types accepted, a JSON body (its exact
  // fast-path literal only; other spellings go the long way), a supported version header.
  const accept = headers.accept;
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) return null;
  if (headers["content-type"] !== "application/json") return null;
  const version = headers["mcp-protocol-version"];
  if (version !== undefined && (typeof version !== "string" || !SUPPORTED_PROTOCOL_VERSIONS.includes(version)))
    return null;
  const parsed = JSONRPCMessageSchema.safeParse(body);
  if (!parsed.success || !isJSONRPCRequest(parsed.data) || isInitializeRequest(parsed.data)) return null;
  return parsed.data as JSONRPCRequest;
}

const isResponse = (message: JSONRPCMessage) => "id" in message && ("result" in message || "error" in message);

/** Carries one request to a server and its answer back, as the JSON text the SDK would send. */
export class SingleRequestTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport["onmessage"];
  private settle: (text: string) => void = () => undefined;
  /** The answer's JSON text; never settles when the server is closed before it answers. */
  readonly answer = new Promise<string>((resolve) => {
    this.settle = resolve;
  });

  async start(): Promise<void> {}

  /** Hands the request to the connected server. */
  deliver(request: JSONRPCRequest): void {
    this.onmessage?.(request, {});
  }

  // Like the SDK transport in JSON mode, only the request's answer is sent; anything the
  // server says besides (notifications, requests to the client) has no stream to go to.
  async send(message: JSONRPCMessage): Promise<void> {
    if (isResponse(message)) this.settle(JSON.stringify(message));
  }

  private closed = false;

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}
