// In-process calls (embedded mode): a peer server of this process is called through its
// router, with the same interceptors and error mapping as over gRPC; a stopped peer falls
// back to the network, as if no in-process route existed.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";
import { Health } from "@levy/proto/grpc/health/v1/health_pb.js";
import { fromConnectError } from "./connect-errors.js";
import { configureInProcessRpc } from "./in-process-rpc.js";
import { LevyError } from "./levy-error.js";
import { createLogger } from "./logger.js";
import { createRpcClient, createRpcTransport } from "./rpc-client.js";
import { startRpcServer, type RpcServer } from "./rpc-server.js";
import { runWithRequestContext } from "./request-context.js";

const logger = createLogger({ service: "in-process-test", level: "silent" });

async function startPeer(seen: Array<{ contentType: string | null; requestId: string | null }>): Promise<RpcServer> {
  const record: Interceptor = (next) => (request) => {
    seen.push({ contentType: request.header.get("content-type"), requestId: request.header.get("x-request-id") });
    return next(request);
  };
  return startRpcServer({
    host: "127.0.0.1",
    port: 0,
    logger,
    interceptors: [record],
    routes: (router) =>
      router.service(Health, {
        check: async (request) => {
          if (request.service === "missing") throw new LevyError("customer_not_found", "no customer cus_1");
          return { status: 1 };
        },
        list: async () => ({ statuses: {} }),
        watch: async function* () {},
      }),
  });
}

describe("in-process RPC between services of one process", () => {
  const servers: RpcServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
  });
  afterAll(() => configureInProcessRpc({ enabled: false }));

  it("calls a peer of this process without HTTP/2, through its interceptors, with the request id", async () => {
    configureInProcessRpc({ enabled: true });
    const seen: Array<{ contentType: string | null; requestId: string | null }> = [];
    const server = await startPeer(seen);
    servers.push(server);
    const client = createRpcClient(Health, createRpcTransport({ baseUrl: `http://127.0.0.1:${server.port}` }));
    const answer = await runWithRequestContext({ requestId: "req_inprocess" }, () => client.check({ service: "" }));
    expect(answer.status).toBe(1);
    // The direct route hands the message over, so no body and no content type cross;
    // the router route would say application/proto, gRPC application/grpc+proto.
    expect(seen).toEqual([{ contentType: null, requestId: "req_inprocess" }]);
  });

  it("maps a service's error exactly as over gRPC", async () => {
    configureInProcessRpc({ enabled: true });
    const server = await startPeer([]);
    servers.push(server);
    const client = createRpcClient(Health, createRpcTransport({ baseUrl: `http://127.0.0.1:${server.port}` }));
    const error = await client.check({ service: "missing" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.NotFound);
    expect(fromConnectError(error)).toMatchObject({ code: "customer_not_found", message: "no customer cus_1" });
  });

  it("goes over the network (Connect protocol, HTTP/2) when switched off, and finds a stopped peer unavailable", async () => {
    configureInProcessRpc({ enabled: false });
    const seen: Array<{ contentType: string | null; requestId: string | null }> = [];
    const server = await startPeer(seen);
    const client = createRpcClient(Health, createRpcTransport({ baseUrl: `http://127.0.0.1:${server.port}` }));
    await client.check({ service: "" });
    expect(seen[0]!.contentType).toBe("application/proto");
    await server.stop();
    const error = await client.check({ service: "" }).catch((caught: unknown) => caught);
    expect(fromConnectError(error).code).toBe("upstream_unavailable");
  });

  it("stops routing in-process once the peer stops", async () => {
    configureInProcessRpc({ enabled: true });
    const server = await startPeer([]);
    const client = createRpcClient(Health, createRpcTransport({ baseUrl: `http://127.0.0.1:${server.port}` }));
    expect((await client.check({ service: "" })).status).toBe(1);
    await server.stop();
    const error = await client.check({ service: "" }).catch((caught: unknown) => caught);
    expect(fromConnectError(error).code).toBe("upstream_unavailable");
  });
});
