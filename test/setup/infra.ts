// vitest globalSetup of the integration project: starts (or reuses) FerretDB and Kafka
// with deploy/test-infra/start.sh and hands their addresses to the tests through
// MONGODB_URI and KAFKA_BROKERS. Never skips: if they cannot start, the run fails
// with the script's reason.
import { spawnSync } from "node:child_process";
import { createKafkaBus } from "@levy/events";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const infraEnv = path.join(process.env.LEVY_CACHE ?? path.join(root, ".cache"), "run", "infra.env");
let startedHere = false;

function readInfraEnv(): Record<string, string> {
  try {
    return Object.fromEntries(
      readFileSync(infraEnv, "utf8")
        .split("\n")
        .filter((line) => line.includes("="))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
  } catch {
    return {};
  }
}

export async function setup(): Promise<void> {
  const before = readInfraEnv();
  const result = spawnSync(path.join(root, "deploy/test-infra/start.sh"), {
    stdio: ["ignore", "ignore", "inherit"],
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(
      `test infrastructure did not start (deploy/test-infra/start.sh exited ${result.status}); see its output above`,
    );
  }
  const env = readInfraEnv();
  if (!env.MONGODB_URI || !env.KAFKA_BROKERS) throw new Error(`${infraEnv} lacks MONGODB_URI or KAFKA_BROKERS`);
  startedHere = before.KAFKA_PID !== env.KAFKA_PID;
  process.env.MONGODB_URI = env.MONGODB_URI;
  process.env.KAFKA_BROKERS = env.KAFKA_BROKERS;
  await untilKafkaServes(env.KAFKA_BROKERS);
}

/**
 * start.sh waits for Kafka's "started" log line; on a busy machine the broker can still
 * refuse clients for a while after it, and the first suite's services would die at
 * start-up. A producer and an admin client that connect and describe the cluster say
 * it really serves.
 */
async function untilKafkaServes(brokers: string): Promise<void> {
  let lastError: unknown;
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
    try {
      const bus = await createKafkaBus({ brokers: brokers.split(","), clientId: "levy-test-setup" });
      await bus.ping();
      await bus.close();
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  throw new Error(`Kafka at ${brokers} did not serve clients within 90 s`, { cause: lastError });
}

export async function teardown(): Promise<void> {
  // A developer's already-running servers are left running; ours are stopped.
  if (startedHere) spawnSync(path.join(root, "deploy/test-infra/stop.sh"), { stdio: "inherit" });
}
