// Distributed mode: one OS process per service, each with its own environment, as the
// Helm chart runs them (one pod per service) — against MongoDB (FerretDB in tests) and
// Kafka. Used by `npm run start:distributed` and by the integration tests, which also
// kill and restart single services through it.
import { spawn } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const services = ["geo-resolver", "catalog", "calc-engine", "ledger", "certificates", "gateway", "mcp-bridge"];

const prefix = (service) => service.toUpperCase().replaceAll("-", "_");

/**
 * The services each one calls (the <NAME>_URL settings it reads), its public port and
 * the gateway-only secrets: the same facts as helm/levy/topology.yaml, so each process
 * gets exactly the variables the chart gives that service's pod (test/e2e checks both).
 */
export const calls = {
  gateway: ["catalog", "calc-engine", "ledger", "certificates"],
  "calc-engine": ["geo-resolver", "catalog", "certificates"],
  "geo-resolver": [],
  ledger: ["calc-engine"],
  catalog: ["geo-resolver"],
  certificates: ["catalog"],
  "mcp-bridge": ["gateway", "catalog", "calc-engine", "ledger", "certificates"],
};
export const publicPortEnv = { gateway: "PORT", "mcp-bridge": "MCP_PORT" };
const gatewaySecrets = ["ADMIN_TOKEN", "API_KEY_PEPPER", "API_KEY_PEPPER_PREVIOUS"];

/** Every variable the cluster hands out per service; a process keeps only its own. */
const topologyNames = new Set([
  ...services.flatMap((service) => [
    `${prefix(service)}_GRPC_PORT`,
    `${prefix(service)}_OPS_PORT`,
    `${prefix(service)}_URL`,
  ]),
  ...Object.values(publicPortEnv),
  ...gatewaySecrets,
]);

/**
 * One service's environment from the cluster's: its own ports, the URLs of the services
 * it calls, its public port, the secrets only the gateway reads, plus everything else
 * the caller passed (like the chart's per-service `settings`) and the shared settings
 * every ConfigMap has.
 */
export function serviceEnv(service, env) {
  const own = new Set([
    `${prefix(service)}_GRPC_PORT`,
    `${prefix(service)}_OPS_PORT`,
    ...calls[service].map((callee) => `${prefix(callee)}_URL`),
    ...(publicPortEnv[service] ? [publicPortEnv[service]] : []),
    ...(service === "gateway" ? gatewaySecrets : []),
  ]);
  const result = Object.fromEntries(Object.entries(env).filter(([name]) => own.has(name) || !topologyNames.has(name)));
  result.BIND_HOST ??= "127.0.0.1";
  result.LOG_LEVEL ??= "info";
  result.MONGODB_DB_PREFIX ??= "levy";
  // The chart's mongodb.updateProtocol default: marker on FerretDB, atomic on MongoDB.
  result.STORAGE_UPDATE_PROTOCOL ??= "auto";
  return result;
}

/** Asks the OS for a free loopback port. */
const handedOut = new Set();

/**
 * A free loopback port below Linux's ephemeral range (32768+): ports from listen(0) come
 * from that range, where outgoing connections can take them before the service binds.
 */
export async function freePort() {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    if (handedOut.has(port)) continue;
    const server = net.createServer();
    const free = await new Promise((resolve) => {
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (!free) continue;
    server.close();
    await once(server, "close");
    handedOut.add(port);
    return port;
  }
}

/** Builds the cluster's environment: ports, peers, infrastructure (serviceEnv narrows it per process). */
export async function clusterEnv(base) {
  const env = { ...base, STORAGE: "mongo", EVENTS: "kafka" };
  const ports = {};
  for (const service of services) {
    ports[service] = { grpc: await freePort(), ops: await freePort() };
    env[`${prefix(service)}_GRPC_PORT`] = String(ports[service].grpc);
    env[`${prefix(service)}_OPS_PORT`] = String(ports[service].ops);
    env[`${prefix(service)}_URL`] = `http://127.0.0.1:${ports[service].grpc}`;
  }
  env.PORT ??= String(await freePort());
  env.MCP_PORT ??= String(await freePort());
  return { env, ports };
}

/** An error for a service that exited while starting, with the last lines it wrote. */
function startupExit(service, child) {
  const error = new Error(
    `${service} exited with code ${child.exitCode} during start-up; its last output:\n${child.recentOutput.join("")}`,
  );
  error.startupExit = true;
  return error;
}

async function waitReady(opsPort, child, service, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw startupExit(service, child);
    try {
      const response = await fetch(`http://127.0.0.1:${opsPort}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${service} was not ready within ${timeoutMs} ms`);
}

/**
 * Starts every service as its own process. `base` must hold MONGODB_URI, KAFKA_BROKERS,
 * ADMIN_TOKEN and API_KEY_PEPPER. `output` receives each process's log lines;
 * `serviceOverrides` maps a service to settings only it gets.
 */
export async function startCluster(options) {
  // A service that dies while starting (a port another process took between our check
  // and its bind, a broker still warming up) gets the whole cluster started again on
  // fresh ports, twice at most; the error then carries the service's last output.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startClusterOnce(options);
    } catch (error) {
      if (attempt >= 3 || !error.startupExit) throw error;
      (options.output ?? (() => {}))("cluster", `start-up failed, starting again: ${error.message}\n`);
    }
  }
}

async function startClusterOnce({ base, output = () => {}, readyTimeoutMs = 60_000, serviceOverrides = {} }) {
  const { env, ports } = await clusterEnv(base);
  const children = new Map();

  function spawnService(service, processEnv) {
    const child = spawn(process.execPath, [path.join(root, "services", service, "dist", "main.js")], {
      env: serviceEnv(service, processEnv),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.recentOutput = [];
    const keep = (chunk) => {
      const text = chunk.toString();
      child.recentOutput.push(text);
      if (child.recentOutput.length > 20) child.recentOutput.shift();
      output(service, text);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    return child;
  }

  async function start(service) {
    // `serviceOverrides[service]` replaces settings of one service only (a fault-injection
    // test points the gateway at a delaying proxy in front of one upstream).
    const child = spawnService(service, { ...env, ...serviceOverrides[service] });
    children.set(service, child);
    await waitReady(ports[service].ops, child, service, readyTimeoutMs);
  }

  async function kill(child, signal) {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill(signal);
    await exited;
  }

  const replicas = new Set();

  const stop = (service, signal = "SIGTERM") => kill(children.get(service), signal);

  try {
    for (const service of services) await start(service);
  } catch (error) {
    for (const child of children.values()) await kill(child, "SIGKILL");
    throw error;
  }
  return {
    env,
    ports,
    restPort: Number(env.PORT),
    mcpPort: Number(env.MCP_PORT),
    /** Stops one service and leaves it down (SIGTERM by default; SIGKILL for a crash). */
    stopService: (service, signal = "SIGTERM") => stop(service, signal),
    /** Stops one service (SIGTERM for a graceful stop, SIGKILL for a crash) and starts it again. */
    restart: async (service, signal = "SIGTERM") => {
      await stop(service, signal);
      await start(service);
    },
    /**
     * Starts one more process of a service (a replica beside the first) on its own
     * ports; `overrides` adds or replaces settings (an MCP bridge replica needs MCP_PORT).
     */
    startReplica: async (service, overrides = {}) => {
      const replicaPorts = { grpc: await freePort(), ops: await freePort() };
      const replicaEnv = {
        ...env,
        [`${prefix(service)}_GRPC_PORT`]: String(replicaPorts.grpc),
        [`${prefix(service)}_OPS_PORT`]: String(replicaPorts.ops),
        ...overrides,
      };
      const child = spawnService(service, replicaEnv);
      replicas.add(child);
      await waitReady(replicaPorts.ops, child, service, readyTimeoutMs);
      return {
        ports: replicaPorts,
        env: replicaEnv,
        stop: async () => {
          replicas.delete(child);
          await kill(child, "SIGTERM");
        },
      };
    },
    stop: async () => {
      for (const child of replicas) await kill(child, "SIGTERM");
      for (const service of [...services].reverse()) await stop(service);
    },
  };
}
