// The direct route (message handed to the peer's handler) against the router route
// (serialised through the peer's Connect router): one scenario, run over each, must
// observe the same answers, Levy errors (code, message, details, metadata), deadlines, cancellations,
// request ids and RPC metrics. And the no-mutation contract is enforced when asked.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ConnectError } from "@connectrpc/connect";
import { Health } from "@levy/proto/grpc/health/v1/health_pb.js";
import { CalcEngineService } from "@levy/proto/levy/calc_engine/v1/calc_engine_pb.js";
import { ErrorInfoSchema } from "@levy/proto/levy/common/v1/common_pb.js";
import { fromConnectError } from "./connect-errors.js";
import { configureInProcessRpc, type InProcessRoute } from "./in-process-rpc.js";
import { LevyError } from "./levy-error.js";
import { createLogger } from "./logger.js";
import { createServiceMetrics } from "./metrics.js";
import { currentRequestContext, runWithRequestContext } from "./request-context.js";
import { createRpcClient, createRpcTransport } from "./rpc-client.js";
import { startRpcServer, type RpcServer } from "./rpc-server.js";

const logger = createLogger({ service: "direct-rpc-test", level: "silent" });
const servers: RpcServer[] = [];

async function start(route: InProcessRoute, freezeMessages = false) {
  configureInProcessRpc({ enabled: true, route, freezeMessages });
  const serverMetrics = createServiceMetrics("peer");
  const clientMetrics = createServiceMetrics("caller");
  const requestIds: string[] = [];
  let running = 0;
  const server = await startRpcServer({
    host: "127.0.0.1",
    port: 0,
    logger,
    interceptors: [serverMetrics.serverInterceptor],
    routes: (router) =>
      router.service(Health, {
        check: async (request, context) => {
          requestIds.push(currentRequestContext()?.requestId ?? "none");
          running++;
          try {
            if (request.service === "missing") {
              context.responseTrailer.set("x-levy-trailer", "kept");
              throw new LevyError("invalid_field", "address_postal_code is not a postal code of US", {
                field: "address_postal_code",
                received: "0000",
              });
            }
            if (request.service === "slow") await new Promise((resolve) => setTimeout(resolve, 300));
            if (request.service === "mutate") request.service = "changed";
            return { status: 1 };
          } finally {
            running--;
          }
        },
        list: async () => ({ statuses: { a: { status: 2 } } }),
        watch: async function* () {
          yield { status: 1 };
        },
      }),
  });
  servers.push(server);
  const transport = createRpcTransport({
    baseUrl: `http://127.0.0.1:${server.port}`,
    interceptors: [clientMetrics.clientInterceptor],
  });
  const client = createRpcClient(Health, transport);
  // A service this server does not serve.
  const stranger = createRpcClient(CalcEngineService, transport);
  // Metrics once every handler has finished (a caller past its deadline does not wait).
  const counts = async () => {
    do await new Promise((resolve) => setTimeout(resolve, 10));
    while (running > 0);
    const values = async (registry: typeof serverMetrics.registry, name: string) =>
      (await registry.getSingleMetric(name)!.get()).values.map(({ labels, value }) => ({ labels, value }));
    return {
      server: await values(serverMetrics.registry, "levy_rpc_server_requests_total"),
      client: await values(clientMetrics.registry, "levy_rpc_client_requests_total"),
    };
  };
  return { client, stranger, requestIds, counts };
}

/** What a caller can observe of an error, leaving out the framing headers of the protocol. */
function observed(error: unknown) {
  if (!(error instanceof ConnectError)) return { notAConnectError: String(error) };
  const metadata = [...error.metadata].filter(([name]) => name !== "content-type" && name !== "content-length");
  return {
    code: error.code,
    rawMessage: error.rawMessage,
    details: error.findDetails(ErrorInfoSchema),
    metadata,
    levy: { ...fromConnectError(error), cause: undefined },
  };
}

async function scenario(route: InProcessRoute) {
  const { client, stranger, requestIds, counts } = await start(route);
  const ok = await runWithRequestContext({ requestId: "req_direct_contract" }, () => client.check({ service: "" }));
  const listed = await client.list({});
  const levyError = observed(await client.check({ service: "missing" }).catch((error: unknown) => error));
  const deadline = observed(
    await client.check({ service: "slow" }, { timeoutMs: 30 }).catch((error: unknown) => error),
  );
  const cancel = new AbortController();
  setTimeout(() => cancel.abort(), 30);
  const cancelled = observed(
    await client.check({ service: "slow" }, { signal: cancel.signal }).catch((error: unknown) => error),
  );
  // Only the code: the message names the route ("RouterHttpClient: no handler ..." on the router).
  const unserved = ConnectError.from(await stranger.listTaxCategories({}).catch((error: unknown) => error)).code;
  const streamed: number[] = [];
  for await (const answer of client.watch({})) streamed.push(answer.status);
  return {
    ok: { status: ok.status, $typeName: ok.$typeName },
    listed,
    levyError,
    deadline,
    cancelled,
    unserved,
    streamed,
    requestIds: requestIds.slice(0, 1),
    metrics: await counts(),
  };
}

describe("direct in-process calls", () => {
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
  });
  afterAll(() => configureInProcessRpc({ enabled: false }));

  it("give the caller what the router route gives: answers, Levy errors, deadlines, request ids, metrics", async () => {
    const router = await scenario("router");
    const direct = await scenario("direct");
    expect(direct).toEqual(router);
    // The scenario did see each case (not two empty observations).
    expect(direct.levyError).toMatchObject({
      code: 3,
      levy: { code: "invalid_field", meta: { field: "address_postal_code", received: "0000" } },
    });
    expect(direct.levyError.metadata).toContainEqual(["x-levy-trailer", "kept"]);
    expect(direct.deadline).toMatchObject({ code: 4, levy: { code: "upstream_timeout" } });
    expect(direct.cancelled).toMatchObject({ code: 1, levy: { code: "upstream_unavailable" } });
    expect(direct.unserved).toBe(12);
    expect(direct.requestIds).toEqual(["req_direct_contract"]);
    expect(direct.metrics.server).toContainEqual({
      labels: { method: "grpc.health.v1.Health/Check", code: "invalid_argument" },
      value: 1,
    });
  });

  it("leaves the handler's server-side cause behind, as the wire does", async () => {
    const { client } = await start("direct");
    const error = await client.check({ service: "missing" }).catch((caught: unknown) => caught);
    expect((error as ConnectError).cause).toBeUndefined();
  });

  it("with freezeMessages, a handler that mutates its input fails instead of leaking the change", async () => {
    const { client } = await start("direct", true);
    const request = { service: "mutate" };
    const error = await client.check(request).catch((caught: unknown) => caught);
    expect(fromConnectError(error).code).toBe("internal_error");
    const answer = await client.check({ service: "" });
    expect(() => {
      (answer as { status: number }).status = 2;
    }).toThrow(TypeError);
  });
});
