#!/usr/bin/env node
// `npm run bench:http`: drives the bare server and Levy over HTTP with autocannon from a
// separate process and prints a table with each endpoint's throughput as a share of the
// bare server's, then the targets' verdicts. Flags: see usage below.
import { mkdir, readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { calculationBody, prepareFixtures } from "./fixtures.mjs";
import { measureFixed, measureRecording, sweepConnections } from "./measure.mjs";
import { startChild } from "./processes.mjs";
import { evaluateTargets, formatFloorNote, formatTable, formatVerdicts, ratioToBare } from "./report.mjs";
import { startInfrastructure } from "./infrastructure.mjs";
import { runSoak } from "./soak.mjs";
import { topFunctionsOf } from "./top-functions.mjs";

const usage = `node bench/http-bench.mjs [--duration 10] [--warmup 3] [--probe 2] [--max-connections 64]
  [--connections N]   fixed connections for every endpoint (skips the sweep)
  [--distributed]     also measure distributed mode (FerretDB + Kafka from deploy/test-infra)
  [--only name]       only endpoints whose name contains this text (the bare server always runs)
  [--profile]         run embedded Levy under --cpu-prof and print the top self-time functions
  [--soak] [--soak-seconds 300] [--soak-mix all|reads]  mixed load on embedded Levy, heap/RSS every 10 s after GC
                      (reads: the list and MCP only, nothing stored)`;

const { values: flags } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    probe: { type: "string", default: "2" },
    "max-connections": { type: "string", default: "64" },
    connections: { type: "string" },
    distributed: { type: "boolean", default: false },
    only: { type: "string" },
    profile: { type: "boolean", default: false },
    soak: { type: "boolean", default: false },
    "soak-seconds": { type: "string", default: "300" },
    "soak-mix": { type: "string", default: "all" },
    help: { type: "boolean", default: false },
  },
});
if (flags.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const positive = (name) => {
  const value = Number(flags[name]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number ≥ 0`);
  return value;
};
const settings = {
  durationSeconds: positive("duration"),
  warmupSeconds: positive("warmup"),
  probeSeconds: positive("probe"),
  maxConnections: positive("max-connections"),
  fixedConnections: flags.connections ? positive("connections") : undefined,
};
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "out");
await mkdir(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const log = (line) => process.stdout.write(`${line}\n`);
const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(" ");

async function measureEndpoint(endpoint, server) {
  log(`  ${endpoint.name}`);
  const connections = settings.fixedConnections ?? (await sweepConnections(endpoint, settings, log));
  return measureFixed(endpoint, connections, settings, server);
}

/** A yardstick server (bare node:http, the Express floor) in its own process, sent the 1-line calculation body. */
async function measureYardstick(script, name) {
  const server = await startChild(script);
  try {
    const endpoint = { name, url: server.url, method: "POST", path: "/", body: calculationBody(1) };
    return { name, ...(await measureEndpoint(endpoint, server)) };
  } finally {
    await server.stop();
  }
}

let loadStartedMicros = 0;

async function measureSystem(mode, bareRate, env, execArgv = []) {
  log(`\n${mode}: starting Levy (load average ${loadAverage()})`);
  const system = await startChild("system-process.mjs", { env: { ...env, BENCH_MODE: mode }, execArgv, logFile: path.join(outDir, `${stamp}-${mode}.log`) });
  const rows = [];
  try {
    const { endpoints } = await prepareFixtures(system);
    const selected = endpoints.filter((endpoint) => !flags.only || endpoint.name.includes(flags.only));
    loadStartedMicros = (await system.ask("mark")).micros;
    let calculation;
    for (const endpoint of selected) {
      let figures;
      if (endpoint.pool === "transactions") {
        const basis = calculation ?? { endpoint: endpoints[0], connections: settings.fixedConnections ?? 4, requestsPerSecond: 300 };
        log(`  ${endpoint.name} (at ${basis.connections} conns, the 1-line calculation's)`);
        figures = await measureRecording(endpoint, basis.endpoint, basis.connections, basis.requestsPerSecond, settings, log, system);
      } else {
        figures = await measureEndpoint(endpoint, system);
      }
      if (endpoint === endpoints[0]) calculation = { endpoint, connections: figures.connections, requestsPerSecond: figures.requestsPerSecond };
      rows.push({ name: endpoint.name, target: endpoint.target, ...figures, ratio: ratioToBare(figures.requestsPerSecond, bareRate) });
    }
  } finally {
    await system.stop();
  }
  return rows;
}

function printSection(title, yardsticks, rows, withTargets) {
  log(`\n== ${title} (load average before/after each run in the JSON; now ${loadAverage()}) ==`);
  log(formatTable([...yardsticks, ...rows]));
  if (!withTargets) return;
  const targeted = rows.filter((row) => row.target);
  log(`\ntargets (embedded, calculations): ≥ 35% of bare throughput, p99 ≤ 20 ms, zero errors\n${formatVerdicts(evaluateTargets(targeted))}`);
  log(formatFloorNote(yardsticks[1], targeted));
}

log(`Levy HTTP benchmark ${new Date().toISOString()}  node ${process.version}, ${os.cpus().length} cpus, load average ${loadAverage()}`);
log(`settings: ${JSON.stringify(settings)}`);
if (flags.soak) {
  if (flags["soak-mix"] !== "all" && flags["soak-mix"] !== "reads") throw new Error("--soak-mix must be all or reads");
  const soak = await runSoak({ seconds: positive("soak-seconds"), mix: flags["soak-mix"], outDir, stamp, log });
  const soakFile = path.join(outDir, `${stamp}-soak.json`);
  await writeFile(soakFile, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, mix: flags["soak-mix"], ...soak }, null, 2)}\n`);
  log(`\nresults: ${soakFile}`);
  process.exit(soak.verdict.pass ? 0 : 1);
}
log("\nbare server, then the Express floor");
const bareRow = { ...(await measureYardstick("bare-server.mjs", "bare node:http (fixed JSON)")), ratio: 1 };
const floor = await measureYardstick("express-floor-server.mjs", "Express floor (JSON in/out, no work)");
const floorRow = { ...floor, ratio: ratioToBare(floor.requestsPerSecond, bareRow.requestsPerSecond) };
const yardsticks = [bareRow, floorRow];
const report = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, settings, bare: bareRow, expressFloor: floorRow, sections: {} };
const profileDir = path.join(outDir, `${stamp}-profile`);
const embeddedArgs = ["--expose-gc", ...(flags.profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [])];
report.sections.embedded = await measureSystem("embedded", bareRow.requestsPerSecond, process.env, embeddedArgs);
printSection("embedded mode", yardsticks, report.sections.embedded, true);
if (flags.profile) {
  const [file] = (await readdir(profileDir)).filter((name) => name.endsWith(".cpuprofile"));
  report.profile = { dir: profileDir, file, fromMicros: loadStartedMicros };
  log(`\nprofile of embedded Levy under the load above (start-up left out): ${path.join(profileDir, file)}\n${await topFunctionsOf(path.join(profileDir, file), 30, loadStartedMicros)}`);
}
if (flags.distributed) {
  const infraEnv = await startInfrastructure();
  report.sections.distributed = await measureSystem("distributed", bareRow.requestsPerSecond, { ...process.env, ...infraEnv });
  printSection("distributed mode (informative; the targets are for embedded)", yardsticks, report.sections.distributed, false);
}
const file = path.join(outDir, `${stamp}-results.json`);
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
log(`\nresults: ${file}`);
