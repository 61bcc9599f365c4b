// Readiness shared by the gRPC health service (grpc.health.v1) and the HTTP /readyz.
// A service is ready when every registered check (database, event bus) passes and it
// is not shutting down. A warning (e.g. stale rate data) leaves the service ready but
// is listed on /readyz for the operator.
import type { ConnectRouter, HandlerContext } from "@connectrpc/connect";
import { Code, ConnectError } from "@connectrpc/connect";
import { create } from "@bufbuild/protobuf";
import {
  Health,
  HealthCheckResponse_ServingStatus as ServingStatus,
  HealthCheckResponseSchema,
  HealthListResponseSchema,
} from "@levy/proto/grpc/health/v1/health_pb.js";

export type ReadinessCheck = () => Promise<void>;
/** Messages for the operator that do not make the service unready; empty when all is well. */
export type ReadinessWarning = () => readonly string[];

/**
 * The health "service" a liveness probe asks about (Kubernetes gRPC probes): SERVING
 * whenever the process answers, even while a dependency is down or it drains, because
 * restarting the pod would fix neither. Readiness ("" or a proto service) tracks those.
 */
export const livenessServiceName = "liveness";

export interface Readiness {
  /** The fully qualified service names this process reports on, besides "". */
  readonly serviceNames: readonly string[];
  addCheck(name: string, check: ReadinessCheck): void;
  addWarning(name: string, warning: ReadinessWarning): void;
  /** Every current warning, named after its source. */
  warnings(): Array<{ readonly check: string; readonly message: string }>;
  markShuttingDown(): void;
  /** Runs every check; returns the names of failing ones (empty when ready). */
  failingChecks(): Promise<string[]>;
}

export function createReadiness(serviceNames: readonly string[]): Readiness {
  const checks = new Map<string, ReadinessCheck>();
  const warnings = new Map<string, ReadinessWarning>();
  let shuttingDown = false;
  return {
    serviceNames,
    addCheck: (name, check) => void checks.set(name, check),
    addWarning: (name, warning) => void warnings.set(name, warning),
    warnings: () => [...warnings].flatMap(([check, warning]) => warning().map((message) => ({ check, message }))),
    markShuttingDown: () => {
      shuttingDown = true;
    },
    failingChecks: async () => {
      if (shuttingDown) return ["shutting_down"];
      const results = await Promise.all(
        [...checks].map(async ([name, check]) => {
          try {
            await withTimeout(check(), 2000);
            return null;
          } catch {
            return name;
          }
        }),
      );
      return results.filter((name): name is string => name !== null);
    },
  };
}

async function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("readiness check timed out")), ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function statusOf(readiness: Readiness, service: string): Promise<ServingStatus> {
  if (service === livenessServiceName) return ServingStatus.SERVING;
  if (service !== "" && !readiness.serviceNames.includes(service)) {
    throw new ConnectError(`unknown service ${service}`, Code.NotFound);
  }
  return (await readiness.failingChecks()).length === 0 ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
}

/** Registers grpc.health.v1.Health on a Connect router. */
export function registerHealthService(router: ConnectRouter, readiness: Readiness): void {
  router.service(Health, {
    check: async (request) => create(HealthCheckResponseSchema, { status: await statusOf(readiness, request.service) }),
    list: async () => {
      const status = await statusOf(readiness, "");
      const statuses = Object.fromEntries(
        ["", ...readiness.serviceNames].map((name) => [name, create(HealthCheckResponseSchema, { status })]),
      );
      return create(HealthListResponseSchema, { statuses });
    },
    watch: async function* (request, context: HandlerContext) {
      let last: ServingStatus | undefined;
      while (!context.signal.aborted) {
        const status = await statusOf(readiness, request.service);
        if (status !== last) {
          last = status;
          yield create(HealthCheckResponseSchema, { status });
        }
        await new Promise((resolve) => setTimeout(resolve, 1000).unref());
      }
    },
  });
}
