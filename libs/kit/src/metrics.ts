// One Prometheus registry per service (so embedded mode, with seven services in one
// process, still exposes each service's own figures), with default process metrics and
// RED metrics for RPCs served and called.
import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { registerEventLoopLag } from "./event-loop-lag.js";

export interface ServiceMetrics {
  readonly registry: Registry;
  /** Server-side interceptor: levy_rpc_server_* by method and status code. */
  readonly serverInterceptor: Interceptor;
  /** Client-side interceptor: levy_rpc_client_* by target method and status code. */
  readonly clientInterceptor: Interceptor;
}

const latencyBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The gRPC code in snake case (invalid_argument, deadline_exceeded), as alerts and dashboards match it. */
export function statusOf(error: unknown): string {
  if (error === undefined) return "ok";
  const name = Code[ConnectError.from(error).code];
  return name ? name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase() : "unknown";
}

function timedInterceptor(requests: Counter<string>, duration: Histogram<string>): Interceptor {
  return (next) => async (request) => {
    const method = `${request.service.typeName}/${request.method.name}`;
    const stop = duration.startTimer({ method });
    try {
      const response = await next(request);
      requests.inc({ method, code: "ok" });
      stop({ code: "ok" });
      return response;
    } catch (error) {
      const code = statusOf(error);
      requests.inc({ method, code });
      stop({ code });
      throw error;
    }
  };
}

/**
 * prom-client's own lag sampler cannot be left out of its default metrics; at this
 * resolution its timer fires once an hour, and its gauges are replaced by
 * event-loop-lag.ts's (same names), whose one sampler follows the load.
 */
const unusedSamplerResolutionMs = 3_600_000;
const eventLoopLagMetrics = ["", "_min", "_max", "_mean", "_stddev", "_p50", "_p90", "_p99"].map(
  (suffix) => `nodejs_eventloop_lag${suffix}_seconds`,
);

export function createServiceMetrics(service: string): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: unusedSamplerResolutionMs });
  for (const name of eventLoopLagMetrics) registry.removeSingleMetric(name);
  registerEventLoopLag(registry);
  const labelNames = ["method", "code"] as const;
  const serverRequests = new Counter({
    name: "levy_rpc_server_requests_total",
    help: "RPCs handled, by method and status code",
    labelNames,
    registers: [registry],
  });
  const serverDuration = new Histogram({
    name: "levy_rpc_server_duration_seconds",
    help: "Time to handle an RPC, by method and status code",
    labelNames,
    buckets: latencyBuckets,
    registers: [registry],
  });
  const clientRequests = new Counter({
    name: "levy_rpc_client_requests_total",
    help: "RPCs sent to other services, by method and status code",
    labelNames,
    registers: [registry],
  });
  const clientDuration = new Histogram({
    name: "levy_rpc_client_duration_seconds",
    help: "Time until another service answered an RPC, by method and status code",
    labelNames,
    buckets: latencyBuckets,
    registers: [registry],
  });
  return {
    registry,
    serverInterceptor: timedInterceptor(serverRequests, serverDuration),
    clientInterceptor: timedInterceptor(clientRequests, clientDuration),
  };
}
