// The bridge's public HTTP surface: POST /mcp (authenticated, rate limited, then
// answered by a fresh MCP server in stateless mode, see answer-mcp-post.ts), GET /ping,
// and JSON-RPC errors for everything else on /mcp.
import express, { type NextFunction, type Request, type Response } from "express";
import {
  REQUEST_ID_HEADER,
  maxJsonNesting,
  nestsDeeperThan,
  requestIdFrom,
  runWithRequestContext,
  type Logger,
} from "@levy/kit";
import { authenticate, type RateDecision } from "../auth/authenticate.js";
import { createMcpServer } from "../mcp/create-mcp-server.js";
import type { Caller, Upstream } from "../ports/upstream.js";
import type { ToolRegistry } from "../tools/registry.js";
import { answerMcpPost } from "./answer-mcp-post.js";
import { requestIdOf, rpcCodes, sendRpcError } from "./json-rpc-error.js";
import { firstRequestParamsProblem } from "./request-params.js";
import type { McpMetrics } from "./mcp-metrics.js";

export interface McpAppOptions {
  readonly registry: ToolRegistry;
  readonly upstream: Upstream;
  readonly rateLimit: { readonly limit: number; readonly windowSeconds: number };
  readonly bodyLimit: string;
  readonly logger: Logger;
  readonly metrics?: McpMetrics;
}

interface Locals {
  bodyError?: { type?: string };
  caller?: Caller;
  rate?: RateDecision;
}

const locals = (response: Response) => response.locals as Locals;

export function createMcpApp(options: McpAppOptions): express.Express {
  const rateCharge = { bucket: "mcp", limit: options.rateLimit.limit, windowSeconds: options.rateLimit.windowSeconds };
  const app = express();
  app.disable("x-powered-by");
  // Too deep a body is refused from its raw bytes, before JSON.parse spends time on it.
  const parseJson = express.json({
    limit: options.bodyLimit,
    verify: (_request, _response, bytes) => {
      if (nestsDeeperThan(bytes, maxJsonNesting)) throw new Error("nested too deep");
    },
  });

  app.use((request, response, next) => {
    const requestId = requestIdFrom(request.get(REQUEST_ID_HEADER));
    response.set(REQUEST_ID_HEADER, requestId);
    if (request.path === "/mcp") response.on("finish", () => options.metrics?.countResponse(response.statusCode));
    runWithRequestContext({ requestId }, next);
  });
  app.get("/ping", (_request, response) => {
    response.json({ status: "ok" });
  });
  app.all("/mcp", (request, response, next) => {
    if (request.method === "POST") return next();
    response.set("allow", "POST");
    sendRpcError(response, 405, rpcCodes.methodNotAllowed, "Method not allowed.");
  });

  // The caller is checked from the headers alone: an anonymous request's body is never
  // read, so its errors carry id null (the spec's "unknown" id). The same gateway call
  // counts an authenticated request against the account's rate limit (one hop, not two);
  // the decision is answered after the body is read, so a 429 carries the request's id.
  app.post("/mcp", async (request, response, next) => {
    // Node keeps the first of two Authorization headers; a proxy may keep the other.
    const authorizations = request.headersDistinct.authorization ?? [];
    if (authorizations.length > 1) {
      return sendRpcError(
        response,
        400,
        rpcCodes.invalidRequest,
        `Send one Authorization header, not ${authorizations.length}.`,
      );
    }
    const outcome = await authenticate(request.get("authorization"), options.upstream.keys, rateCharge);
    if (!outcome.ok) return sendRpcError(response, 401, rpcCodes.unauthorized, outcome.message);
    // A gateway of the previous release ignores the charge: count separately, so a rolling
    // upgrade that reaches the bridge first keeps serving.
    const rate =
      outcome.rate ??
      (await options.upstream.rateLimits.consume({ accountId: outcome.caller.accountId, ...rateCharge }));
    locals(response).caller = outcome.caller;
    locals(response).rate = rate;
    parseJson(request, response, (error?: unknown) => {
      if (error) locals(response).bodyError = error as { type?: string };
      next();
    });
  });
  app.post("/mcp", (request, response, next) => {
    const id = requestIdOf(request.body);
    const decision = locals(response).rate!;
    if (!decision.allowed) {
      response.set("retry-after", String(decision.retryAfterSeconds));
      const wait = decision.retryAfterSeconds === 1 ? "1 second" : `${decision.retryAfterSeconds} seconds`;
      return sendRpcError(response, 429, rpcCodes.rateLimited, `Rate limit exceeded. Retry after ${wait}.`, id);
    }
    response.set("x-ratelimit-limit", String(options.rateLimit.limit));
    response.set("x-ratelimit-remaining", String(decision.remaining));
    const bodyError = locals(response).bodyError;
    if (bodyError?.type === "entity.too.large") {
      return sendRpcError(
        response,
        413,
        rpcCodes.invalidRequest,
        `Request body is larger than ${options.bodyLimit}.`,
        null,
      );
    }
    if (bodyError?.type === "entity.verify.failed") {
      return sendRpcError(
        response,
        400,
        rpcCodes.invalidRequest,
        `Invalid Request: the body nests arrays and objects more than ${maxJsonNesting} levels deep.`,
        null,
      );
    }
    if (bodyError) return sendRpcError(response, 400, rpcCodes.parseError, "Parse error: invalid JSON.", null);
    // JSON-RPC 2.0 answers an empty batch with one Invalid Request error (the SDK would
    // accept it and answer 202 with nothing, as for a batch of notifications).
    if (Array.isArray(request.body) && request.body.length === 0) {
      return sendRpcError(response, 400, rpcCodes.invalidRequest, "Invalid Request: the batch is empty.", null);
    }
    const paramsProblem = firstRequestParamsProblem(request.body);
    if (paramsProblem) return sendRpcError(response, 200, rpcCodes.invalidParams, paramsProblem, id);
    next();
  });
  app.post("/mcp", async (request, response) => {
    const server = createMcpServer(options.registry, { caller: locals(response).caller!, upstream: options.upstream });
    await answerMcpPost(server, request, response);
  });

  app.use((_request, response) => {
    response.status(404).json({ error: "not found" });
  });
  app.use((error: unknown, request: Request, response: Response, _next: NextFunction) => {
    options.logger.error({ err: error, path: request.path }, "MCP request failed");
    if (response.headersSent) return void response.end();
    sendRpcError(response, 500, rpcCodes.internalError, "Internal server error.", requestIdOf(request.body));
  });
  return app;
}
