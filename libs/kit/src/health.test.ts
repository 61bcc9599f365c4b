// grpc.health.v1 as Kubernetes probes use it: readiness follows the checks, liveness
// ("liveness") stays SERVING while dependencies are down or the process drains.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grpcHealthCheck } from "../../../test/support/grpc-health.js";
import { createReadiness, livenessServiceName, registerHealthService } from "./health.js";
import { createLogger } from "./logger.js";
import { startRpcServer, type RpcServer } from "./rpc-server.js";

describe("gRPC health for Kubernetes probes", () => {
  const readiness = createReadiness(["levy.test.v1.TestService"]);
  let databaseUp = true;
  readiness.addCheck("storage", async () => {
    if (!databaseUp) throw new Error("database down");
  });
  let server: RpcServer;

  beforeAll(async () => {
    server = await startRpcServer({
      host: "127.0.0.1",
      port: 0,
      logger: createLogger({ service: "health-test", level: "silent" }),
      routes: (router) => registerHealthService(router, readiness),
    });
  });
  afterAll(() => server.stop());

  it("reports readiness from the checks and liveness regardless of them", async () => {
    expect(await grpcHealthCheck(server.port, "levy.test.v1.TestService")).toBe("SERVING");
    expect(await grpcHealthCheck(server.port, livenessServiceName)).toBe("SERVING");
    databaseUp = false;
    expect(await grpcHealthCheck(server.port, "levy.test.v1.TestService")).toBe("NOT_SERVING");
    expect(await grpcHealthCheck(server.port, "")).toBe("NOT_SERVING");
    expect(await grpcHealthCheck(server.port, livenessServiceName)).toBe("SERVING");
    databaseUp = true;
    readiness.markShuttingDown();
    expect(await grpcHealthCheck(server.port, "")).toBe("NOT_SERVING");
    expect(await grpcHealthCheck(server.port, livenessServiceName)).toBe("SERVING");
  });
});
