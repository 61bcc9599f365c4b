// Measuring one endpoint: a connection sweep (short probes at 1, 2, 4, … connections,
// doubling while throughput still grows), a warm-up, then the measured run at the chosen
// connections, so the p99 printed is the p99 at the load that gives the printed throughput.
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { runLoad } from "./processes.mjs";
import { chooseConnections, summariseRun } from "./report.mjs";
import { coresByProcess, cpuDeltaMicros, cpuMsPerRequestByProcess, sumOf } from "./process-report.mjs";
import { transactionBodies } from "./fixtures.mjs";
import { commandsPerRequest } from "./ferretdb-commands.mjs";

// An endpoint with a pool of `bodies` sends them in turn (cycling); `extra` may replace them.
const job = (endpoint, extra) => ({
  url: endpoint.url,
  method: endpoint.method,
  path: endpoint.path,
  headers: endpoint.headers,
  body: endpoint.body,
  bodies: endpoint.bodies,
  ...extra,
});

/** Warms up (JIT, caches), then probes 1, 2, 4, … connections (up to maxConnections) and picks the knee. */
export async function sweepConnections(endpoint, settings, log) {
  if (settings.warmupSeconds > 0) await runLoad(job(endpoint, { connections: 2, duration: settings.warmupSeconds }));
  const probes = [];
  for (let connections = 1; connections <= settings.maxConnections; connections *= 2) {
    const { result } = await runLoad(job(endpoint, { connections, duration: settings.probeSeconds }));
    const figures = summariseRun(result);
    const bestSoFar = Math.max(0, ...probes.map((probe) => probe.requestsPerSecond));
    probes.push({ connections, requestsPerSecond: figures.requestsPerSecond });
    log(
      `    probe ${String(connections).padStart(3)} conns: ${figures.requestsPerSecond.toFixed(0)} req/s, p99 ${figures.p99} ms`,
    );
    // Always 1, 2 and 4 (short probes are noisy), then on while throughput still grows by 5 %.
    if (connections >= 4 && figures.requestsPerSecond < bestSoFar * 1.05) break;
  }
  return chooseConnections(probes);
}

/**
 * Runs one measured job; with `meter` (async, the CPU µs used so far by each process of the
 * system, by name) it also reports CPU milliseconds per request per process and summed, a
 * figure a busy machine does not skew; with `meter.commands` (FerretDB's command counts,
 * distributed mode) the commands per request too.
 */
async function measured(jobToRun, meter) {
  const loadBefore = os.loadavg()[0];
  const cpuBefore = meter ? await meter() : undefined;
  const commandsBefore = await meter?.commands?.();
  const { result } = await runLoad(jobToRun);
  const cpuAfter = meter ? await meter() : undefined;
  const commandsAfter = await meter?.commands?.();
  const figures = summariseRun(result);
  const cpuByProcess = cpuBefore && cpuAfter ? cpuMsPerRequestByProcess(cpuBefore, cpuAfter, figures.total) : null;
  const cpuMsPerRequest = cpuByProcess ? sumOf(cpuByProcess) : null;
  return {
    ...figures,
    cpuMsPerRequest,
    cpuByProcess,
    ferretdbCommands: commandsPerRequest(commandsBefore, commandsAfter, figures.total),
    connections: jobToRun.connections,
    loadAverage: [loadBefore, os.loadavg()[0]],
  };
}

/**
 * The idle cost: CPU used by each process over `seconds` without traffic, as cores, after
 * `settleSeconds` for start-up work (consumer groups joining, first polls) to finish.
 */
export async function measureIdle(meter, seconds, settleSeconds = 5) {
  await sleep(settleSeconds * 1000);
  const before = await meter();
  const started = performance.now();
  await sleep(seconds * 1000);
  const after = await meter();
  return { seconds, settleSeconds, cores: coresByProcess(before, after, (performance.now() - started) / 1000) };
}

/** Warm-up then measurement of an endpoint at `connections` (and at `rate` requests/s in all, when given). */
export async function measureFixed(endpoint, connections, settings, meter, rate) {
  const paced = rate ? { overallRate: rate } : {};
  if (settings.warmupSeconds > 0)
    await runLoad(job(endpoint, { connections, duration: settings.warmupSeconds, ...paced }));
  return measured(job(endpoint, { connections, duration: settings.durationSeconds, ...paced }), meter);
}

/**
 * Transaction recording: each transaction needs a calculation of its own (recording one
 * twice is a 200 read-back or a 409). A pool of fresh calculations is created first, at
 * full speed, sized from the calculation throughput; warm-up and measurement each use
 * their own part of it, each body once, so the measured run lasts about `durationSeconds`.
 */
export async function measureRecording(endpoint, calculationEndpoint, connections, expectedRate, settings, log, meter) {
  const warmupCount = Math.ceil(expectedRate * settings.warmupSeconds);
  const measuredCount = Math.max(200, Math.ceil(expectedRate * settings.durationSeconds));
  const poolJob = job(calculationEndpoint, { connections, amount: warmupCount + measuredCount, collectIds: true });
  const { ids } = await runLoad(poolJob);
  log(`    pool: ${ids.length} fresh calculations`);
  const bodies = transactionBodies(ids, Date.now().toString(36));
  if (warmupCount > 0)
    await runLoad(job(endpoint, { connections, bodies: bodies.slice(0, warmupCount), amount: warmupCount }));
  const rest = bodies.slice(warmupCount);
  return measured(job(endpoint, { connections, bodies: rest, amount: rest.length }), meter);
}

/**
 * Waits until the system is quiet again (under `quietCores` in all over a second, or
 * `maxSeconds`), and says how long that took and the CPU spent meanwhile. Work that a
 * run leaves behind (the ledger's consumers applying the events of recorded transactions)
 * would otherwise be counted against the endpoint measured next.
 */
export async function untilQuiet(meter, { quietCores = 0.15, maxSeconds = 60, stepMs = 1000 } = {}) {
  const first = await meter();
  const commandsBefore = await meter.commands?.();
  const started = performance.now();
  let last = first;
  for (;;) {
    await sleep(stepMs);
    const now = await meter();
    const cores = sumOf(cpuDeltaMicros(last, now)) / 1000 / stepMs;
    last = now;
    const seconds = (performance.now() - started) / 1000;
    const quiet = cores < quietCores;
    if (quiet || seconds >= maxSeconds) {
      const commands = commandsPerRequest(commandsBefore, await meter.commands?.(), 1)?.all ?? null;
      return {
        seconds: Math.round(seconds),
        cpuMs: Math.round(sumOf(cpuDeltaMicros(first, now)) / 1000),
        cpuByProcessMs: Object.fromEntries(
          Object.entries(cpuDeltaMicros(first, now)).map(([name, micros]) => [name, micros / 1000]),
        ),
        quiet,
        ...(commands == null ? {} : { ferretdbCommands: commands }),
      };
    }
  }
}
