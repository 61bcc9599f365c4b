// The HTTP layer of /mcp with in-memory upstreams: what the system suite cannot easily
// provoke (a failing gateway, oversized and malformed bodies) and the order of checks.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code, ConnectError } from "@connectrpc/connect";
import { createLogger, toConnectError, LevyError } from "@levy/kit";
import { KeyKind } from "@levy/proto/levy/gateway/v1/gateway_pb.js";
import type { Upstream } from "../ports/upstream.js";
import { createToolRegistry } from "../tools/registry.js";
import { allTools } from "../tools/all-tools.js";
import { createMcpApp } from "./mcp-app.js";

const secret = (name: string) => `sk_test_${name.padEnd(32, "0")}`;
let consumed = 0;
let gatewayCalls = 0;
type Charge = { bucket: string; limit: number; windowSeconds: number };
function consume(accountId: string) {
  consumed += 1;
  if (accountId === "acct_limited") return { allowed: false, remaining: 0, retryAfterSeconds: 1 };
  return { allowed: true, remaining: 5, retryAfterSeconds: 0 };
}
const verified = (keyId: string, accountId: string, charge: Charge | undefined) => ({
  keyId,
  accountId,
  livemode: false,
  kind: KeyKind.SECRET,
  pinnedApiVersion: "2026-03-01",
  rate: charge ? consume(accountId) : undefined,
});
const upstream = {
  keys: {
    async verifyKey({ secret: presented, charge }: { secret: string; charge?: Charge }) {
      gatewayCalls += 1;
      if (presented === secret("down")) throw new ConnectError("connection refused", Code.Unavailable);
      if (presented === secret("good")) return verified("key_1", "acct_1", charge);
      if (presented === secret("limited")) return verified("key_2", "acct_limited", charge);
      // A gateway of the previous release: verifies, ignores the charge.
      if (presented === secret("older")) return verified("key_3", "acct_1", undefined);
      throw toConnectError(new LevyError("api_key_not_found", "the API key was not found"));
    },
  },
  rateLimits: {
    async consume({ accountId }: { accountId: string }) {
      gatewayCalls += 1;
      return consume(accountId);
    },
  },
} as unknown as Upstream;

describe("MCP HTTP app", () => {
  let server: http.Server;
  let url: string;
  const post = (body: string, key: string | null = secret("good")) =>
    fetch(`${url}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body,
    });

  beforeAll(async () => {
    const app = createMcpApp({
      registry: createToolRegistry(allTools, { writeToolsEnabled: false }),
      upstream,
      rateLimit: { limit: 10, windowSeconds: 60 },
      bodyLimit: "1kb",
      logger: createLogger({ service: "mcp-bridge", level: "silent" }),
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers 500 / -32603 when the key store cannot be reached (id null: the body is not read before the key)", async () => {
    const response = await post(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" }), secret("down"));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      error: { code: -32603, message: "Internal server error." },
      id: null,
    });
  });

  it("checks the key before looking at a malformed body", async () => {
    const unauthenticated = await post("{not json", null);
    expect(unauthenticated.status).toBe(401);
    expect(await unauthenticated.json()).toEqual({
      jsonrpc: "2.0",
      error: { code: -32001, message: "Bearer token not provided." },
      id: null,
    });
    const before = consumed;
    const malformed = await post("{not json");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 }, id: null });
    expect(consumed).toBe(before + 1);
  });

  it("checks the key and counts the request against the rate limit in one gateway call", async () => {
    const [callsBefore, consumedBefore] = [gatewayCalls, consumed];
    const response = await post(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-ratelimit-remaining")).toBe("5");
    expect(consumed).toBe(consumedBefore + 1);
    expect(gatewayCalls).toBe(callsBefore + 1);
  });

  it("still counts the request when the gateway is of the previous release and ignores the charge (rolling upgrade)", async () => {
    const [callsBefore, consumedBefore] = [gatewayCalls, consumed];
    const response = await post(JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/list" }), secret("older"));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-ratelimit-remaining")).toBe("5");
    expect(consumed).toBe(consumedBefore + 1);
    expect(gatewayCalls).toBe(callsBefore + 2);
  });

  it("refuses a body over the limit with 413 / -32600", async () => {
    const response = await post(
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { padding: "x".repeat(2000) } }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 }, id: null });
  });

  it("answers an empty batch with one 400 / -32600 Invalid Request (JSON-RPC 2.0), not 202", async () => {
    const response = await post("[]");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      error: { code: -32600, message: "Invalid Request: the batch is empty." },
      id: null,
    });
  });

  it("says 'Retry after 1 second.' when one second is the wait", async () => {
    const response = await post(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }), secret("limited"));
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      error: { code: -32005, message: "Rate limit exceeded. Retry after 1 second." },
      id: 3,
    });
  });

  it("answers 404 off the MCP paths", async () => {
    expect((await fetch(`${url}/nope`)).status).toBe(404);
  });
});
