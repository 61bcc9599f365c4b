#!/usr/bin/env node
// `npm run bench:http`: drives the bare server, the Express floor and Levy over HTTP with
// autocannon from a separate process and prints a table per mode (throughput as a share of
// the Express floor's, CPU per request; in distributed mode per process, FerretDB and Kafka
// included), the idle cost, then one PASS/FAIL line per target of issue 17. A failed
// target does not change the exit code: this is a report. Flags: see usage below.
import { mkdir, readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { calculationBody, prepareFixtures } from "./fixtures.mjs";
import { measureFixed, measureIdle, measureRecording, sweepConnections, untilQuiet } from "./measure.mjs";
import { distributedProcesses, readGroupsCpuMicros } from "./process-cpu.mjs";
import { ferretdbCommandReader } from "./ferretdb-commands.mjs";
import { startChild } from "./processes.mjs";
import {
  formatCommands,
  formatCpuByProcess,
  formatIdle,
  formatWithLeftBehind,
  withLeftBehind,
} from "./process-report.mjs";
import { formatTable, ratioTo } from "./report.mjs";
import { startInfrastructure } from "./infrastructure.mjs";
import { evaluateTargets, formatTargetVerdicts, targetRate } from "./targets.mjs";
import { runSoak } from "./soak.mjs";
import { topFunctionsOf } from "./top-functions.mjs";

const usage = `node bench/http-bench.mjs [--duration 10] [--warmup 3] [--probe 2] [--max-connections 64]
  [--connections N]   fixed connections for every endpoint (skips the sweep)
  [--distributed]     also measure distributed mode (FerretDB + Kafka from deploy/test-infra)
  [--idle 30]         seconds of no traffic measured per mode (cores used); 0 skips it
  [--idle-settle 60]  seconds left quiet after start-up and fixtures before the idle window
  [--rate ${targetRate}]        calculations/s of the fixed-rate run; [--rate-connections 16]
  [--rate-duration 60] seconds of the fixed-rate run (its p99 is the 1 % tail: 60 s at 150/s is 9,000 requests)
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
    idle: { type: "string", default: "30" },
    // V8's memory reducer compacts every service's heap once, 10-35 s after start-up
    // (docs/performance.md, "Fourth pass"): that one-off is start-up, not idle cost.
    "idle-settle": { type: "string", default: "60" },
    rate: { type: "string", default: String(targetRate) },
    "rate-connections": { type: "string", default: "16" },
    "rate-duration": { type: "string", default: "60" },
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
  idleSeconds: positive("idle"),
  idleSettleSeconds: positive("idle-settle"),
  rate: positive("rate"),
  rateConnections: positive("rate-connections"),
  rateDurationSeconds: positive("rate-duration"),
};
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "out");
await mkdir(outDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const log = (line) => process.stdout.write(`${line}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

async function measureEndpoint(endpoint, meter) {
  log(`  ${endpoint.name}`);
  const connections = settings.fixedConnections ?? (await sweepConnections(endpoint, settings, log));
  return measureFixed(endpoint, connections, settings, meter);
}

/** A CPU meter over IPC: the child answers "mark" with its own CPU µs. */
const ipcMeter = (child, name) => async () => ({ [name]: (await child.ask("mark")).cpuMicros });

/** A yardstick server (bare node:http, the Express floor) in its own process, sent the 1-line calculation body. */
async function measureYardstick(script, name) {
  const server = await startChild(script);
  try {
    const endpoint = { name, url: server.url, method: "POST", path: "/", body: calculationBody(1) };
    return { name, ...(await measureEndpoint(endpoint, ipcMeter(server, "server"))) };
  } finally {
    await server.stop();
  }
}

let loadStartedMicros = 0;
// The distributed processes in the order the tables print them (the request path first).
const services = ["gateway", "calc-engine", "geo-resolver", "catalog", "ledger", "certificates", "mcp-bridge"];

/**
 * The meter of the system under test. Embedded: the one process. Distributed: every
 * service process the host spawned and FerretDB and Kafka, from /proc (the host, which
 * only relays the services' logs to a file, is left out).
 */
function systemMeter(mode, system, infraPids, ferretdbDebugUrl) {
  if (mode === "embedded") return { meter: ipcMeter(system, "levy"), names: ["levy"] };
  const groups = distributedProcesses(system.child.pid, infraPids);
  log(
    `  processes measured: ${Object.entries(groups)
      .map(([name, pids]) => `${name} (pid ${pids.join(", ")})`)
      .join("; ")}`,
  );
  const meter = async () => readGroupsCpuMicros(groups);
  meter.commands = ferretdbCommandReader(ferretdbDebugUrl);
  return { meter, names: [...services, ...Object.keys(infraPids)] };
}

async function measureSystem(mode, env, { execArgv = [], infraPids = {}, ferretdbDebugUrl } = {}) {
  log(`\n${mode}: starting Levy (load average ${loadAverage()})`);
  const system = await startChild("system-process.mjs", {
    env: { ...env, BENCH_MODE: mode },
    execArgv,
    logFile: path.join(outDir, `${stamp}-${mode}.log`),
  });
  const rows = [];
  let idle;
  try {
    const { meter, names } = systemMeter(mode, system, infraPids, ferretdbDebugUrl);
    const { endpoints } = await prepareFixtures(system);
    if (settings.idleSeconds > 0) {
      log(`  idle: ${settings.idleSeconds} s without traffic, after ${settings.idleSettleSeconds} s of quiet`);
      idle = await measureIdle(meter, settings.idleSeconds, settings.idleSettleSeconds);
    }
    const selected = endpoints.filter((endpoint) => !flags.only || endpoint.name.includes(flags.only));
    loadStartedMicros = (await system.ask("mark")).micros;
    let calculation;
    for (const endpoint of selected) {
      let figures;
      if (endpoint.pool === "transactions") {
        const basis = calculation ?? {
          endpoint: endpoints[0],
          connections: settings.fixedConnections ?? 4,
          requestsPerSecond: 300,
        };
        log(`  ${endpoint.name} (at ${basis.connections} conns, the 1-line calculation's)`);
        figures = await measureRecording(
          endpoint,
          basis.endpoint,
          basis.connections,
          basis.requestsPerSecond,
          settings,
          log,
          meter,
        );
        // The ledger applies the recorded transactions' events after the run: let it
        // finish, so that its work is not counted against the next endpoint.
        figures.leftBehind = await untilQuiet(meter);
        log(`    left behind: ${figures.leftBehind.cpuMs} ms of CPU in ${figures.leftBehind.seconds} s until quiet`);
        figures.withLeftBehind = withLeftBehind(figures);
        if (figures.withLeftBehind) log(`    with it: ${formatWithLeftBehind(figures.withLeftBehind)}`);
      } else if (endpoint.fixedRate) {
        log(
          `  ${endpoint.name}: ${settings.rate}/s over ${settings.rateConnections} conns for ${settings.rateDurationSeconds} s`,
        );
        // A p99 from the default 10 s (1,500 requests) is the 15th-worst request: too few to
        // tell 28 ms from 40 ms between two runs of the same build.
        const paced = { ...settings, durationSeconds: settings.rateDurationSeconds };
        figures = {
          ...(await measureFixed(endpoint, settings.rateConnections, paced, meter, settings.rate)),
          offeredRate: settings.rate,
        };
      } else {
        figures = await measureEndpoint(endpoint, meter);
      }
      if (endpoint === endpoints[0])
        calculation = { endpoint, connections: figures.connections, requestsPerSecond: figures.requestsPerSecond };
      rows.push({ key: endpoint.key, name: endpoint.name, ...figures });
    }
    return { rows, idle, processNames: names };
  } finally {
    await system.stop();
  }
}

/** A mode's figures in the shape the targets read: rows by endpoint key, the floor's rate, the idle cost. */
const targetSection = (section, floorRequestsPerSecond) => ({
  rows: Object.fromEntries(section.rows.map((row) => [row.key, row])),
  idle: section.idle,
  floorRequestsPerSecond,
});

function printSection(title, yardsticks, section, floorRate) {
  const rows = section.rows.map((row) => ({ ...row, ratio: ratioTo(row.requestsPerSecond, floorRate) }));
  log(`\n== ${title} (load average before/after each run in the JSON; now ${loadAverage()}) ==`);
  log(formatTable([...yardsticks, ...rows]));
  if (section.processNames.length > 1)
    log(`\nCPU ms per request by process (sum in "all"):\n${formatCpuByProcess(rows, section.processNames)}`);
  if (rows.some((row) => row.ferretdbCommands))
    log(`\nFerretDB commands per request (by command; "all" the sum):\n${formatCommands(rows)}`);
  if (section.idle) log(`\nidle cost, cores busy without traffic:\n${formatIdle(section.idle, section.processNames)}`);
}

log(
  `Levy HTTP benchmark ${new Date().toISOString()}  node ${process.version}, ${os.cpus().length} cpus, load average ${loadAverage()}`,
);
log(`settings: ${JSON.stringify(settings)}`);
if (flags.soak) {
  if (flags["soak-mix"] !== "all" && flags["soak-mix"] !== "reads") throw new Error("--soak-mix must be all or reads");
  const soak = await runSoak({ seconds: positive("soak-seconds"), mix: flags["soak-mix"], outDir, stamp, log });
  const soakFile = path.join(outDir, `${stamp}-soak.json`);
  await writeFile(
    soakFile,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, mix: flags["soak-mix"], ...soak }, null, 2)}\n`,
  );
  log(`\nresults: ${soakFile}`);
  process.exit(soak.verdict.pass ? 0 : 1);
}
log("\nbare server, then the Express floor");
const bare = await measureYardstick("bare-server.mjs", "bare node:http (fixed JSON)");
const floorRow = {
  ...(await measureYardstick("express-floor-server.mjs", "Express floor (JSON in/out, no work)")),
  ratio: 1,
};
const floorRate = floorRow.requestsPerSecond;
const yardsticks = [{ ...bare, ratio: ratioTo(bare.requestsPerSecond, floorRate) }, floorRow];
const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  settings,
  bare,
  expressFloor: floorRow,
  sections: {},
};
const profileDir = path.join(outDir, `${stamp}-profile`);
const embeddedArgs = ["--expose-gc", ...(flags.profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [])];
report.sections.embedded = await measureSystem("embedded", process.env, { execArgv: embeddedArgs });
printSection("embedded mode", yardsticks, report.sections.embedded, floorRate);
if (flags.profile) {
  const [file] = (await readdir(profileDir)).filter((name) => name.endsWith(".cpuprofile"));
  report.profile = { dir: profileDir, file, fromMicros: loadStartedMicros };
  log(
    `\nprofile of embedded Levy under the load above (start-up left out): ${path.join(profileDir, file)}\n${await topFunctionsOf(path.join(profileDir, file), 30, loadStartedMicros)}`,
  );
}
if (flags.distributed) {
  const infra = await startInfrastructure();
  report.sections.distributed = await measureSystem(
    "distributed",
    { ...process.env, ...infra.env },
    { infraPids: infra.pids, ferretdbDebugUrl: infra.ferretdbDebugUrl },
  );
  printSection("distributed mode (CPU summed over all processes)", yardsticks, report.sections.distributed, floorRate);
}
const sections = Object.fromEntries(
  Object.entries(report.sections).map(([mode, section]) => [mode, targetSection(section, floorRate)]),
);
report.targets = evaluateTargets(sections);
log(`\ntargets (issue 17; n/a = not measured in this run):\n${formatTargetVerdicts(report.targets)}`);
const file = path.join(outDir, `${stamp}-results.json`);
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
log(`\nresults: ${file}`);
