// A hung upstream must not hold an agent's request: every call is bounded by
// UPSTREAM_TIMEOUT_MS and ends as Connect's deadline_exceeded.
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import { createServiceMetrics } from "@levy/kit";
import { KeyKind, KeyService } from "@levy/proto/levy/gateway/v1/gateway_pb.js";
import { createConnectUpstream } from "./connect-upstream.js";

describe("createConnectUpstream", () => {
  let server: http2.Http2Server;
  let gatewayUrl: string;
  const sessions = new Set<http2.ServerHttp2Session>();
  beforeAll(async () => {
    const routes = (router: ConnectRouter) =>
      router.service(KeyService, {
        // Answers only after the caller gave up.
        verifyKey: () =>
          new Promise((resolve) =>
            setTimeout(
              () => resolve({ keyId: "key_1", accountId: "acct_1", livemode: false, kind: KeyKind.SECRET }),
              2_000,
            ),
          ),
      });
    server = http2.createServer(connectNodeAdapter({ routes }));
    server.on("session", (session) => sessions.add(session));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const session of sessions) session.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("ends a call the upstream does not answer in time with deadline_exceeded", async () => {
    const unused = "http://127.0.0.1:9";
    const upstream = createConnectUpstream({
      gatewayUrl,
      catalogUrl: unused,
      calcEngineUrl: unused,
      ledgerUrl: unused,
      certificatesUrl: unused,
      timeoutMs: 100,
      submitTimeoutMs: 100,
      metrics: createServiceMetrics("mcp-bridge-test"),
    });
    const error = await upstream.keys.verifyKey({ secret: "sk_test_x" }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.DeadlineExceeded);
  });
});
