// Hosts one service: its Connect router (plus grpc.health.v1) on the gRPC port and
// /healthz, /readyz, /metrics on the ops port. stop() drains in the order that loses
// nothing: report not-ready, stop taking RPCs and let in-flight ones finish, then
// close the service's own resources (database, event bus).
import type { ConnectRouter } from "@connectrpc/connect";
import { createReadiness, registerHealthService, type ReadinessCheck, type ReadinessWarning } from "./health.js";
import type { Logger } from "./logger.js";
import type { ServiceMetrics } from "./metrics.js";
import { createOpsEndpoints, startOpsServer } from "./ops-server.js";
import { startRpcServer } from "./rpc-server.js";

export interface ServiceModule {
  /** Fully qualified proto service names this module serves (for health checks). */
  readonly serviceNames: readonly string[];
  registerRoutes(router: ConnectRouter): void;
  readonly readinessChecks?: Readonly<Record<string, ReadinessCheck>>;
  readonly readinessWarnings?: Readonly<Record<string, ReadinessWarning>>;
  /** Closes what the module opened (consumers, database, producer). */
  close(): Promise<void>;
}

export interface HostOptions {
  readonly host: string;
  readonly grpcPort: number;
  readonly opsPort: number;
  readonly logger: Logger;
  readonly metrics: ServiceMetrics;
}

export interface HostedService {
  readonly grpcPort: number;
  readonly opsPort: number;
  stop(): Promise<void>;
}

export async function hostService(module: ServiceModule, options: HostOptions): Promise<HostedService> {
  const readiness = createReadiness(module.serviceNames);
  for (const [name, check] of Object.entries(module.readinessChecks ?? {})) readiness.addCheck(name, check);
  for (const [name, warning] of Object.entries(module.readinessWarnings ?? {})) readiness.addWarning(name, warning);
  const rpc = await startRpcServer({
    host: options.host,
    port: options.grpcPort,
    logger: options.logger,
    interceptors: [options.metrics.serverInterceptor],
    routes: (router) => {
      registerHealthService(router, readiness);
      module.registerRoutes(router);
    },
  });
  const ops = await startOpsServer(
    options.host,
    options.opsPort,
    createOpsEndpoints(readiness, options.metrics.registry),
  );
  options.logger.info({ grpc_port: rpc.port, ops_port: ops.port }, "service started");
  let stopping: Promise<void> | undefined;
  return {
    grpcPort: rpc.port,
    opsPort: ops.port,
    stop: () => {
      stopping ??= (async () => {
        readiness.markShuttingDown();
        await rpc.stop();
        await ops.stop();
        await module.close();
        options.logger.info("service stopped");
      })();
      return stopping;
    },
  };
}
