// The system under load, in its own process (forked by the harness, IPC for control):
// embedded mode (one process, as `npm start`) or distributed (one process per service
// against FerretDB + Kafka, as deploy/distributed/cluster.mjs). Sends {type: "ready"} with
// its addresses; answers {type: "memory"} with heap/RSS sampled after a full GC (needs
// --expose-gc) and {type: "mark"} with the monotonic clock in µs; stops on {type: "stop"}. Started with --cpu-prof when profiling.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort, startCluster } from "../deploy/distributed/cluster.mjs";

const mode = process.env.BENCH_MODE ?? "embedded";
const adminToken = "bench-admin-token-0123456789abcdef";
const services = ["gateway", "calc-engine", "geo-resolver", "ledger", "catalog", "certificates", "mcp-bridge"];
const prefix = (service) => service.toUpperCase().replaceAll("-", "_");

// The MCP rate limit (120 a minute by default) would turn a load test into a 429 test.
const base = {
  ...process.env,
  ADMIN_TOKEN: adminToken,
  MCP_RATE_LIMIT: "1000000",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
};

async function startEmbedded() {
  const { startEmbeddedLevy } = await import("@levy/embedded");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "levy-bench-"));
  const env = { ...base, DATA_DIR: dataDir, PORT: String(await freePort()), MCP_PORT: String(await freePort()) };
  for (const service of services) {
    env[`${prefix(service)}_GRPC_PORT`] = String(await freePort());
    env[`${prefix(service)}_OPS_PORT`] = String(await freePort());
  }
  const levy = await startEmbeddedLevy({ env });
  return {
    restUrl: `http://127.0.0.1:${env.PORT}`,
    mcpUrl: `http://127.0.0.1:${env.MCP_PORT}`,
    stop: async () => {
      await levy.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function startDistributed() {
  if (!process.env.MONGODB_URI || !process.env.KAFKA_BROKERS)
    throw new Error("distributed mode needs MONGODB_URI and KAFKA_BROKERS");
  const cluster = await startCluster({
    base: {
      ...base,
      API_KEY_PEPPER: "bench-pepper-0123456789abcdef0123456789",
      MONGODB_DB_PREFIX: `bench${Date.now().toString(36)}`,
      KAFKA_NAMESPACE: `bench${Date.now().toString(36)}`,
    },
    output: (service, text) =>
      process.stdout.write(
        text
          .split("\n")
          .filter(Boolean)
          .map((line) => `[${service}] ${line}\n`)
          .join(""),
      ),
  });
  return {
    restUrl: `http://127.0.0.1:${cluster.restPort}`,
    mcpUrl: `http://127.0.0.1:${cluster.mcpPort}`,
    stop: () => cluster.stop(),
  };
}

function memorySample() {
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return { heapUsed: usage.heapUsed, rss: usage.rss, gcForced: typeof globalThis.gc === "function" };
}

/** The profile's clock and the CPU time used so far (µs), which noise on the machine cannot inflate. */
function mark() {
  const cpu = process.cpuUsage();
  // Distributed services run in processes of their own: this one's CPU time says nothing.
  return {
    micros: Number(process.hrtime.bigint() / 1000n),
    cpuMicros: mode === "embedded" ? cpu.user + cpu.system : null,
  };
}

try {
  const system = mode === "distributed" ? await startDistributed() : await startEmbedded();
  process.on("message", async (message) => {
    if (message.type === "memory") process.send({ type: "memory", ...memorySample() });
    // The profile's clock: load starts after this mark, so start-up can be left out.
    if (message.type === "mark") process.send({ type: "mark", ...mark() });
    if (message.type === "stop") {
      await system.stop();
      // Exit through the normal path so --cpu-prof writes its profile.
      process.removeAllListeners("disconnect");
      process.disconnect();
      process.exitCode = 0;
      setTimeout(() => process.exit(0), 2_000).unref();
    }
  });
  // The harness died (Ctrl-C, crash): do not outlive it.
  process.once("disconnect", () => void system.stop().finally(() => process.exit(0)));
  process.send({ type: "ready", mode, restUrl: system.restUrl, mcpUrl: system.mcpUrl, adminToken });
} catch (error) {
  process.send({ type: "failed", message: error instanceof Error ? error.stack : String(error) });
  process.exit(1);
}
