// The system under test, in either mode, behind one interface so the same suites run
// against embedded mode (one process) and distributed mode (one process per service
// against FerretDB and Kafka).
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ServiceName } from "@levy/kit";
import { startEmbeddedLevy, type EmbeddedLevy } from "@levy/embedded";
import { startMcpBridge } from "@levy/mcp-bridge";
// @ts-expect-error: plain ESM script without type declarations
import { freePort, startCluster } from "../../deploy/distributed/cluster.mjs";

export interface SystemUnderTest {
  readonly mode: "embedded" | "distributed";
  readonly restUrl: string;
  readonly mcpUrl: string;
  readonly adminToken: string;
  readonly grpcPorts: Readonly<Record<ServiceName, number>>;
  readonly opsPorts: Readonly<Record<ServiceName, number>>;
  /** Restarts one service (distributed) or the whole process (embedded), keeping data and ports. */
  restart(service: ServiceName, signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
  /** Stops one backend service and leaves it down (restart() brings it back); SIGKILL is distributed only. */
  stopService(service: ServiceName, signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
  /** Starts a second MCP bridge beside the first (same upstreams), with extra settings. */
  startMcpBridgeReplica(extraEnv?: Record<string, string>): Promise<McpBridgeReplica>;
  /** Distributed only: a second gateway process on the same databases and Kafka topics. */
  startGatewayReplica(extraEnv?: Record<string, string>): Promise<GatewayReplica>;
  stop(): Promise<void>;
}

export interface GatewayReplica {
  readonly restUrl: string;
  stop(): Promise<void>;
}

export interface McpBridgeReplica {
  readonly mcpUrl: string;
  stop(): Promise<void>;
}

export const testAdminToken = "test-admin-token-0123456789abcdef";
const testPepper = "test-pepper-0123456789abcdef0123456789";
const serviceList: ServiceName[] = [
  "gateway",
  "calc-engine",
  "geo-resolver",
  "ledger",
  "catalog",
  "certificates",
  "mcp-bridge",
];
const envPrefix = (service: ServiceName) => service.toUpperCase().replaceAll("-", "_");

export async function startEmbeddedSystem(extraEnv: Record<string, string> = {}): Promise<SystemUnderTest> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "levy-embedded-"));
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_TOKEN: testAdminToken,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    PORT: String(await freePort()),
    MCP_PORT: String(await freePort()),
    // Messages cross between services by reference: any mutation of one fails the test.
    EMBEDDED_RPC_FREEZE_MESSAGES: "true",
    ...extraEnv,
  };
  const grpcPorts = {} as Record<ServiceName, number>;
  const opsPorts = {} as Record<ServiceName, number>;
  for (const service of serviceList) {
    grpcPorts[service] = await freePort();
    opsPorts[service] = await freePort();
    env[`${envPrefix(service)}_GRPC_PORT`] = String(grpcPorts[service]);
    env[`${envPrefix(service)}_OPS_PORT`] = String(opsPorts[service]);
  }
  let levy: EmbeddedLevy = await startEmbeddedLevy({ env });
  return {
    mode: "embedded",
    restUrl: `http://127.0.0.1:${env.PORT}`,
    mcpUrl: `http://127.0.0.1:${env.MCP_PORT}`,
    adminToken: testAdminToken,
    grpcPorts,
    opsPorts,
    restart: async () => {
      await levy.stop();
      levy = await startEmbeddedLevy({ env });
    },
    stopService: async (service) => {
      const running = levy.services[service];
      if (!running) throw new Error(`${service} cannot be stopped alone in embedded mode`);
      await running.stop();
    },
    startMcpBridgeReplica: async (extraEnv = {}) => {
      const replicaEnv: Record<string, string | undefined> = {
        ...env,
        STORAGE: "embedded",
        EVENTS: "in-process",
        DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "levy-mcp-replica-")),
        MCP_PORT: String(await freePort()),
        MCP_BRIDGE_GRPC_PORT: String(await freePort()),
        MCP_BRIDGE_OPS_PORT: String(await freePort()),
        ...Object.fromEntries(
          serviceList.map((service) => [`${envPrefix(service)}_URL`, `http://127.0.0.1:${grpcPorts[service]}`]),
        ),
        ...extraEnv,
      };
      const replica = await startMcpBridge({ env: replicaEnv });
      return { mcpUrl: `http://127.0.0.1:${replica.publicPort}`, stop: () => replica.stop() };
    },
    startGatewayReplica: () => {
      throw new Error("embedded mode runs one gateway; a second one needs distributed mode");
    },
    stop: () => levy.stop(),
  };
}

/**
 * `serviceEnv` gives one service settings only it gets (a fault test points the gateway
 * at a delaying proxy); `onOutput` receives every child process's output (the security
 * suite greps it for secrets).
 */
export async function startDistributedSystem(
  extraEnv: Record<string, string> = {},
  options: {
    serviceEnv?: Partial<Record<ServiceName, Record<string, string>>>;
    onOutput?: (service: string, text: string) => void;
  } = {},
): Promise<SystemUnderTest> {
  const { onOutput } = options;
  const { MONGODB_URI, KAFKA_BROKERS } = process.env;
  if (!MONGODB_URI || !KAFKA_BROKERS)
    throw new Error("MONGODB_URI and KAFKA_BROKERS must be set by test/setup/infra.ts");
  // A fresh set of databases, topics and consumer groups per run, so runs never see each
  // other's records or events (a suite's unconsumed events would otherwise be the next
  // suite's backlog on the shared broker).
  const runName = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const cluster = await startCluster({
    base: {
      ...process.env,
      ADMIN_TOKEN: testAdminToken,
      API_KEY_PEPPER: testPepper,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "warn",
      MONGODB_DB_PREFIX: runName,
      KAFKA_NAMESPACE: runName,
      ...extraEnv,
    },
    output: (service: string, text: string) => {
      onOutput?.(service, text);
      if (process.env.TEST_LOG_LEVEL) process.stderr.write(`[${service}] ${text}`);
    },
    serviceOverrides: options.serviceEnv ?? {},
  });
  const ports = cluster.ports as Record<ServiceName, { grpc: number; ops: number }>;
  return {
    mode: "distributed",
    restUrl: `http://127.0.0.1:${cluster.restPort}`,
    mcpUrl: `http://127.0.0.1:${cluster.mcpPort}`,
    adminToken: testAdminToken,
    grpcPorts: Object.fromEntries(serviceList.map((s) => [s, ports[s].grpc])) as Record<ServiceName, number>,
    opsPorts: Object.fromEntries(serviceList.map((s) => [s, ports[s].ops])) as Record<ServiceName, number>,
    restart: (service, signal = "SIGTERM") => cluster.restart(service, signal),
    stopService: (service, signal = "SIGTERM") => cluster.stopService(service, signal),
    startMcpBridgeReplica: async (extraEnv = {}) => {
      const mcpPort = await freePort();
      const replica = await cluster.startReplica("mcp-bridge", { MCP_PORT: String(mcpPort), ...extraEnv });
      return { mcpUrl: `http://127.0.0.1:${mcpPort}`, stop: () => replica.stop() };
    },
    startGatewayReplica: async (extraEnv = {}) => {
      const restPort = await freePort();
      const replica = await cluster.startReplica("gateway", { PORT: String(restPort), ...extraEnv });
      return { restUrl: `http://127.0.0.1:${restPort}`, stop: () => replica.stop() };
    },
    stop: () => cluster.stop(),
  };
}
