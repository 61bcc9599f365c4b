// Embedded Levy as a child process (`node deploy/embedded/dist/main.js`), for tests
// that cross the process boundary: kill -9, SIGTERM, restart on the same data and ports.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServiceName } from "@levy/kit";
// @ts-expect-error: plain ESM script without type declarations
import { freePort } from "../../deploy/distributed/cluster.mjs";
import { testAdminToken } from "./system.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const services: ServiceName[] = [
  "gateway",
  "calc-engine",
  "geo-resolver",
  "ledger",
  "catalog",
  "certificates",
  "mcp-bridge",
];
const envPrefix = (service: ServiceName) => service.toUpperCase().replaceAll("-", "_");

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Epoch ms when the process was seen to end. */
  readonly at: number;
}

export interface EmbeddedProcess {
  readonly restUrl: string;
  readonly mcpUrl: string;
  readonly dataDir: string;
  readonly adminToken: string;
  readonly grpcPorts: Readonly<Record<ServiceName, number>>;
  /** Every line the current and earlier runs wrote to stdout and stderr. */
  readonly output: string[];
  /** Starts the process (again, on the same data and ports) and waits until it serves. */
  start(): Promise<void>;
  /** Sends the signal and waits for the process to end. */
  signal(signal: "SIGTERM" | "SIGKILL"): Promise<Exit>;
  stop(): Promise<void>;
}

/**
 * `entry` runs another start-up on the same settings, e.g. the gateway alone
 * (services/gateway/dist/main.js) on the embedded store.
 */
export async function createEmbeddedProcess(
  extraEnv: Record<string, string> = {},
  entry = "deploy/embedded/dist/main.js",
): Promise<EmbeddedProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "levy-embedded-process-"));
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_TOKEN: testAdminToken,
    LOG_LEVEL: "info",
    STORAGE: "embedded",
    EVENTS: "in-process",
    PORT: String(await freePort()),
    MCP_PORT: String(await freePort()),
    ...extraEnv,
  };
  const grpcPorts = {} as Record<ServiceName, number>;
  for (const service of services) {
    grpcPorts[service] = await freePort();
    env[`${envPrefix(service)}_GRPC_PORT`] = String(grpcPorts[service]);
    env[`${envPrefix(service)}_OPS_PORT`] = String(await freePort());
  }
  const output: string[] = [];
  let child: ChildProcess | null = null;
  let exited: Promise<Exit> = Promise.resolve({ code: 0, signal: null, at: Date.now() });

  function collect(stream: NodeJS.ReadableStream | null): void {
    let pending = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      output.push(...lines);
      if (process.env.TEST_LOG_LEVEL) process.stderr.write(`${lines.join("\n")}\n`);
    });
  }

  return {
    restUrl: `http://127.0.0.1:${env.PORT}`,
    mcpUrl: `http://127.0.0.1:${env.MCP_PORT}`,
    dataDir,
    adminToken: testAdminToken,
    grpcPorts,
    output,
    async start() {
      const started = spawn(process.execPath, [path.join(root, entry)], { env, stdio: ["ignore", "pipe", "pipe"] });
      child = started;
      collect(started.stdout);
      collect(started.stderr);
      exited = new Promise((resolve) =>
        started.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
      );
      const ready = (async () => {
        for (;;) {
          const ok = await fetch(`http://127.0.0.1:${env.PORT}/healthz`).then(
            (response) => response.ok,
            () => false,
          );
          if (ok) return "ready" as const;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      const outcome = await Promise.race([ready, exited]);
      if (outcome !== "ready")
        throw new Error(
          `embedded Levy exited on start (${outcome.code ?? outcome.signal}):\n${output.slice(-20).join("\n")}`,
        );
    },
    async signal(signal) {
      child?.kill(signal);
      return exited;
    },
    async stop() {
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
