// The seven services, their default ports and the settings every service reads.
// Embedded mode, the distributed runner and the Helm chart all start from these.
import { z } from "zod";
import { configSchemas, setting } from "./config.js";

export const serviceNames = [
  "gateway",
  "calc-engine",
  "geo-resolver",
  "ledger",
  "catalog",
  "certificates",
  "mcp-bridge",
] as const;
export type ServiceName = (typeof serviceNames)[number];

export const defaultPorts: Readonly<Record<ServiceName, { grpc: number; ops: number }>> = {
  gateway: { grpc: 50051, ops: 9401 },
  "calc-engine": { grpc: 50052, ops: 9402 },
  "geo-resolver": { grpc: 50053, ops: 9403 },
  ledger: { grpc: 50054, ops: 9404 },
  catalog: { grpc: 50055, ops: 9405 },
  certificates: { grpc: 50056, ops: 9406 },
  "mcp-bridge": { grpc: 50057, ops: 9407 },
};

/** "calc-engine" → "CALC_ENGINE", the prefix of that service's variables. */
export function envPrefix(service: ServiceName): string {
  return service.toUpperCase().replaceAll("-", "_");
}

export function hostingSettings(service: ServiceName) {
  const prefix = envPrefix(service);
  return {
    host: setting("BIND_HOST", "address the servers listen on (0.0.0.0 in a pod)", configSchemas.host("127.0.0.1")),
    grpcPort: setting(`${prefix}_GRPC_PORT`, `gRPC port of ${service}`, configSchemas.port(defaultPorts[service].grpc)),
    opsPort: setting(
      `${prefix}_OPS_PORT`,
      `/healthz, /readyz and /metrics port of ${service}`,
      configSchemas.port(defaultPorts[service].ops),
    ),
    logLevel: setting("LOG_LEVEL", "pino log level", configSchemas.logLevel()),
  };
}

/** Where another service answers gRPC, e.g. CATALOG_URL=http://catalog:50055. */
export function upstreamUrlSetting(service: ServiceName) {
  return setting(
    `${envPrefix(service)}_URL`,
    `base URL of the ${service} gRPC service`,
    z.url({ protocol: /^https?$/ }).default(`http://127.0.0.1:${defaultPorts[service].grpc}`),
  );
}
