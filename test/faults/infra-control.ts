// Stops and restarts the FerretDB or Kafka server that test/setup/infra.ts started, on
// the same port with the same data, the way an operator's restart (or a crash and a
// supervisor) would. The command line is read from /proc before the stop, and the
// new PID is written back to infra.env so the suite's teardown still stops it.
import { spawn } from "node:child_process";
import { openSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isAlive, isListening } from "../support/processes.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const runDir = path.join(process.env.LEVY_CACHE ?? path.join(root, ".cache"), "run");
const infraEnv = path.join(runDir, "infra.env");

export type InfraServer = "ferretdb" | "kafka";
const pidKey: Record<InfraServer, string> = { ferretdb: "FERRETDB_PID", kafka: "KAFKA_PID" };

function readEnv(): Map<string, string> {
  const lines = readFileSync(infraEnv, "utf8")
    .split("\n")
    .filter((line) => line.includes("="));
  return new Map(lines.map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
}

function writePid(server: InfraServer, pid: number): void {
  const env = readEnv();
  env.set(pidKey[server], String(pid));
  writeFileSync(infraEnv, [...env].map(([key, value]) => `${key}=${value}\n`).join(""));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function portOf(server: InfraServer): number {
  const env = readEnv();
  const address = server === "ferretdb" ? env.get("MONGODB_URI")! : env.get("KAFKA_BROKERS")!;
  return Number(/:(\d+)\/?$/.exec(address)![1]);
}

export interface StoppedServer {
  /** Starts the server again with the same command line and waits until it accepts connections. */
  start(): Promise<void>;
}

/** Stops a server (SIGKILL: a crash, not a clean shutdown) and returns how to start it again. */
export async function stopServer(server: InfraServer): Promise<StoppedServer> {
  const pid = Number(readEnv().get(pidKey[server]));
  const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  const cwd = readlinkSync(`/proc/${pid}/cwd`);
  const port = portOf(server);
  process.kill(pid, "SIGKILL");
  while (isAlive(pid)) await sleep(50);
  return {
    start: async () => {
      const logFile = openSync(path.join(runDir, `${server}.log`), "a");
      const child = spawn(argv[0]!, argv.slice(1), { cwd, detached: true, stdio: ["ignore", logFile, logFile] });
      child.unref();
      writePid(server, child.pid!);
      for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(200)) {
        if (child.exitCode !== null)
          throw new Error(`${server} exited with ${child.exitCode} on restart; see ${runDir}/${server}.log`);
        if (await isListening(port)) return;
      }
      throw new Error(`${server} did not accept connections within 90 s of its restart`);
    },
  };
}
