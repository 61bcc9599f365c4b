// Starts one service from an assembled image tree (/app in the image; see
// build-outside-docker.sh) the way the image's CMD does, with embedded storage and
// in-process events instead of MongoDB and Kafka, on free loopback ports; waits until
// its ops port's /healthz answers, runs the image's HEALTHCHECK script, then stops it
// with SIGTERM and expects a clean exit. Exit code 0 when all of that held.
//   node check-start.mjs APP_DIR SERVICE
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const [appDir, service] = process.argv.slice(2);
if (!appDir || !service) throw new Error("usage: check-start.mjs APP_DIR SERVICE");
const { defaultPorts, envPrefix } = await import(path.resolve(appDir, "libs/kit/dist/service-settings.js"));

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const env = {
  PATH: process.env.PATH,
  NODE_ENV: "production",
  LEVY_SERVICE: service,
  BIND_HOST: "127.0.0.1",
  STORAGE: "embedded",
  EVENTS: "in-process",
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `levy-${service}-data-`)),
  ADMIN_TOKEN: "check-start-admin-token-0123456789",
  API_KEY_PEPPER: "check-start-pepper-0123456789abcdef0123",
  LOG_LEVEL: "warn",
  PORT: String(await freePort()),
  MCP_PORT: String(await freePort()),
};
for (const name of Object.keys(defaultPorts)) {
  env[`${envPrefix(name)}_GRPC_PORT`] = String(await freePort());
  env[`${envPrefix(name)}_OPS_PORT`] = String(await freePort());
}
const opsPort = env[`${envPrefix(service)}_OPS_PORT`];

const started = Date.now();
const child = spawn(process.execPath, [`services/${service}/dist/main.js`], {
  cwd: appDir,
  env,
  stdio: ["ignore", "inherit", "inherit"],
});
const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
let running = true;
void exited.then(() => (running = false));

async function healthy() {
  for (let waited = 0; waited < 90_000 && running; waited += 250) {
    const ok = await fetch(`http://127.0.0.1:${opsPort}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const problems = [];
if (!(await healthy())) problems.push(running ? "no /healthz answer within 90 s" : "exited before answering /healthz");
else {
  const check = spawnSync(process.execPath, ["deploy/container/healthcheck.mjs"], {
    cwd: appDir,
    env,
    encoding: "utf8",
  });
  if (check.status !== 0) problems.push(`HEALTHCHECK failed: ${check.stderr.trim()}`);
}
child.kill("SIGTERM");
const { code, signal } = await exited;
if (problems.length === 0 && code !== 0) problems.push(`exited with ${code ?? signal} after SIGTERM`);
const took = ((Date.now() - started) / 1000).toFixed(1);
if (problems.length) {
  console.error(`check-start: ${service} (node ${process.version}): ${problems.join("; ")}`);
  process.exit(1);
}
console.log(`check-start: ${service} (node ${process.version}) started, healthy, stopped cleanly in ${took} s`);
