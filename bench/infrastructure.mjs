// Distributed mode needs FerretDB and Kafka: deploy/test-infra/start.sh starts them (or
// reuses running ones) and writes .cache/run/infra.env, which we read back here.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Parses KEY=value lines (optionally quoted, `export` allowed); comments and blanks skipped. */
export function parseEnvFile(text) {
  const env = {};
  for (const line of text.split("\n")) {
    const match = /^\s*(?:export\s+)?([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) env[match[1]] = match[2].trim().replace(/^(["'])(.*)\1$/, "$2");
  }
  return env;
}

/** The servers' addresses (`env` for the services) and process ids (`pids`, to read their CPU). */
export async function startInfrastructure() {
  await promisify(execFile)(path.join(root, "deploy/test-infra/start.sh"), { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  const cache = process.env.LEVY_CACHE ?? path.join(root, ".cache");
  const env = parseEnvFile(await readFile(path.join(cache, "run/infra.env"), "utf8"));
  if (!env.MONGODB_URI || !env.KAFKA_BROKERS) throw new Error("infra.env has no MONGODB_URI or KAFKA_BROKERS");
  const pid = (value) => (Number(value) > 0 ? Number(value) : undefined);
  return {
    env: { MONGODB_URI: env.MONGODB_URI, KAFKA_BROKERS: env.KAFKA_BROKERS },
    pids: { ferretdb: pid(env.FERRETDB_PID), kafka: pid(env.KAFKA_PID) },
    // Servers started by an older start.sh have no debug URL written: commands print "-".
    ferretdbDebugUrl: env.FERRETDB_DEBUG_URL,
  };
}
