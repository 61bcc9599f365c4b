// What a service logs as "rpc failed unexpectedly": its own bugs and dependency outages,
// never a client's mistake, whether the service raised it or passed on a peer's answer
// (calc-engine passes on geo-resolver's invalid_address as it received it).
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { Health } from "@levy/proto/grpc/health/v1/health_pb.js";
import { toConnectError } from "./connect-errors.js";
import { configureInProcessRpc } from "./in-process-rpc.js";
import { LevyError } from "./levy-error.js";
import { createLogger } from "./logger.js";
import { createRpcClient, createRpcTransport } from "./rpc-client.js";
import { startRpcServer, type RpcServer } from "./rpc-server.js";

describe("the RPC server's error log", () => {
  let server: RpcServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  async function errorLinesFor(failure: () => never): Promise<string[]> {
    configureInProcessRpc({ enabled: false });
    const lines: string[] = [];
    const destination = new PassThrough();
    destination.on("data", (chunk: Buffer) => lines.push(...chunk.toString().trim().split("\n")));
    server = await startRpcServer({
      host: "127.0.0.1",
      port: 0,
      logger: createLogger({ service: "rpc-log-test", level: "info", destination }),
      routes: (router) =>
        router.service(Health, {
          check: async () => failure(),
          list: async () => ({ statuses: {} }),
          watch: async function* () {},
        }),
    });
    const client = createRpcClient(Health, createRpcTransport({ baseUrl: `http://127.0.0.1:${server.port}` }));
    await client.check({ service: "" }).catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    return lines.filter((line) => line.includes("rpc failed unexpectedly"));
  }

  it("does not log a client's error passed on from a peer", async () => {
    const fromPeer = toConnectError(new LevyError("invalid_address", "ZIP 10509 is in New York (NY), not in CT"));
    expect(
      await errorLinesFor(() => {
        throw fromPeer;
      }),
    ).toEqual([]);
  });

  it("does not log a client's error raised here", async () => {
    expect(
      await errorLinesFor(() => {
        throw new LevyError("customer_not_found", "no customer cus_1");
      }),
    ).toEqual([]);
  });

  it("logs a failure of its own and a peer's internal error", async () => {
    expect(
      await errorLinesFor(() => {
        throw new TypeError("a bug");
      }),
    ).toHaveLength(1);
    const peerBug = toConnectError(new LevyError("internal_error", "internal error"));
    expect(
      await errorLinesFor(() => {
        throw peerBug;
      }),
    ).toHaveLength(1);
  });
});
