// Answers one authenticated POST /mcp: a fresh MCP server on the SDK's web-standard
// Streamable HTTP transport (stateless, JSON answers), its answer written to the
// response; a plain single request takes the short way (single-request-transport.ts). A JSON-RPC batch is answered with an array even when it holds a single
// request: the SDK answers one response as a bare object, which a batch client cannot
// match (JSON-RPC 2.0: a batch's answer is an array).
import type { Request, Response } from "express";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";
import { SingleRequestTransport, plainSingleRequest } from "./single-request-transport.js";

function webRequestOf(request: Request): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return new globalThis.Request(`http://${request.get("host") ?? "localhost"}${request.originalUrl}`, {
    method: "POST",
    headers,
  });
}

/** The answer's body, as an array when the request was a batch. */
function keepBatchShape(requestBody: unknown, answer: globalThis.Response, text: string): string {
  if (!Array.isArray(requestBody) || text === "" || !answer.headers.get("content-type")?.includes("application/json"))
    return text;
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? text : JSON.stringify([parsed]);
}

/** The answer the SDK transport would give (200, application/json, the answer's JSON), without its web Request and Response. */
async function answerSingleRequest(server: Server, message: JSONRPCRequest, response: Response): Promise<void> {
  const transport = new SingleRequestTransport();
  response.on("close", () => void server.close());
  await server.connect(transport);
  transport.deliver(message);
  const body = await transport.answer;
  response.status(200);
  response.setHeader("content-type", "application/json");
  response.end(body);
}

export async function answerMcpPost(server: Server, request: Request, response: Response): Promise<void> {
  const single = plainSingleRequest(request.headers, request.body);
  if (single) return answerSingleRequest(server, single, response);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  response.on("close", () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  const answer = await transport.handleRequest(webRequestOf(request), { parsedBody: request.body });
  const body = keepBatchShape(request.body, answer, await answer.text());
  response.status(answer.status);
  answer.headers.forEach((value, name) => {
    if (name !== "content-length") response.setHeader(name, value);
  });
  response.end(body);
}
