// `npm run start:distributed`: every service as its own process against MONGODB_URI and
// KAFKA_BROKERS. Without them, starts (or reuses) FerretDB and Kafka with
// deploy/test-infra/start.sh and stops them again on exit if it started them.
// ADMIN_TOKEN and API_KEY_PEPPER are generated for the run when not given.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startCluster } from "./cluster.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const infraEnvFile = path.join(process.env.LEVY_CACHE ?? path.join(root, ".cache"), "run", "infra.env");
const say = (text) => process.stdout.write(`${text}\n`);

function readInfraEnv() {
  try {
    const lines = readFileSync(infraEnvFile, "utf8")
      .split("\n")
      .filter((line) => line.includes("="));
    return Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
  } catch {
    return {};
  }
}

/** FerretDB + Kafka from the test infrastructure; true when this run started them. */
function startInfrastructure(env) {
  say("MONGODB_URI or KAFKA_BROKERS not set: starting FerretDB and Kafka (deploy/test-infra/start.sh)...");
  const before = readInfraEnv();
  const result = spawnSync(path.join(root, "deploy/test-infra/start.sh"), { stdio: ["ignore", "ignore", "inherit"] });
  const infra = readInfraEnv();
  if (result.status !== 0 || !infra.MONGODB_URI || !infra.KAFKA_BROKERS) {
    process.stderr.write(`deploy/test-infra/start.sh failed (exit ${result.status}); see its output above\n`);
    process.exit(1);
  }
  env.MONGODB_URI = infra.MONGODB_URI;
  env.KAFKA_BROKERS = infra.KAFKA_BROKERS;
  return before.KAFKA_PID !== infra.KAFKA_PID;
}

const stopInfrastructure = () =>
  spawnSync(path.join(root, "deploy/test-infra/stop.sh"), { stdio: ["ignore", "ignore", "inherit"] });

const env = { ...process.env, PORT: process.env.PORT ?? "8080", MCP_PORT: process.env.MCP_PORT ?? "8090" };
const startedInfra = !env.MONGODB_URI || !env.KAFKA_BROKERS ? startInfrastructure(env) : false;
const generatedToken = !env.ADMIN_TOKEN;
env.ADMIN_TOKEN ||= `adm_${randomBytes(24).toString("base64url")}`;
// Keys are stored as peppered hashes: a new pepper makes earlier keys unusable.
const generatedPepper = !env.API_KEY_PEPPER;
env.API_KEY_PEPPER ||= randomBytes(32).toString("base64url");

let cluster = null;
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  await cluster?.stop();
  if (startedInfra) stopInfrastructure();
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void shutdown(0));

try {
  cluster = await startCluster({
    base: env,
    output: (service, text) =>
      process.stdout.write(
        text
          .split("\n")
          .filter(Boolean)
          .map((line) => `[${service}] ${line}\n`)
          .join(""),
      ),
  });
} catch (error) {
  process.stderr.write(`start:distributed failed: ${error.message}\n`);
  await shutdown(1);
}

const rest = `http://127.0.0.1:${cluster.restPort}`;
say("");
say("Levy is running (distributed mode: one process per service)");
say(`  REST API     ${rest}   (health: /healthz, metrics: /metrics)`);
say(`  MCP bridge   http://127.0.0.1:${cluster.mcpPort}/mcp`);
say(`  MongoDB      ${env.MONGODB_URI}   Kafka ${env.KAFKA_BROKERS}${startedInfra ? "   (started for this run)" : ""}`);
say(
  `  ADMIN_TOKEN  ${generatedToken ? `${env.ADMIN_TOKEN}   (generated for this run; set ADMIN_TOKEN to fix one)` : "(yours, from the environment)"}`,
);
if (generatedPepper)
  say("  API_KEY_PEPPER generated for this run: keys made now stop working after a restart unless you set it");
say(`  First account: LEVY_URL=${rest} ADMIN_TOKEN=... npm run levy -- accounts create --name "Acme"`);
say("  Ctrl-C stops every service.");
say("");
