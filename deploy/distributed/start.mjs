// `npm run start:distributed`: every service as its own process against MONGODB_URI and
// KAFKA_BROKERS (for example those of deploy/test-infra/start.sh: source .cache/run/infra.env).
import { startCluster } from "./cluster.mjs";

const required = ["MONGODB_URI", "KAFKA_BROKERS", "ADMIN_TOKEN", "API_KEY_PEPPER"];
const missing = required.filter((name) => !process.env[name]);
if (missing.length > 0) {
  process.stderr.write(`start:distributed needs ${missing.join(", ")} in the environment\n`);
  process.exit(2);
}
const cluster = await startCluster({
  base: { ...process.env, PORT: process.env.PORT ?? "8080", MCP_PORT: process.env.MCP_PORT ?? "8090" },
  output: (service, text) => process.stdout.write(text.split("\n").filter(Boolean).map((line) => `[${service}] ${line}\n`).join("")),
});
process.stdout.write(`Levy (distributed) REST on http://127.0.0.1:${cluster.restPort}, MCP on http://127.0.0.1:${cluster.mcpPort}\n`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    cluster.stop().then(() => process.exit(0));
  });
}
