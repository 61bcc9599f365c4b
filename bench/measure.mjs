// Measuring one endpoint: a connection sweep (short probes at 1, 2, 4, … connections,
// doubling while throughput still grows), a warm-up, then the measured run at the chosen
// connections, so the p99 printed is the p99 at the load that gives the printed throughput.
import os from "node:os";
import { runLoad } from "./processes.mjs";
import { chooseConnections, summariseRun } from "./report.mjs";
import { transactionBodies } from "./fixtures.mjs";

const job = (endpoint, extra) => ({ url: endpoint.url, method: endpoint.method, path: endpoint.path, headers: endpoint.headers, body: endpoint.body, ...extra });

/** Warms up (JIT, caches), then probes 1, 2, 4, … connections (up to maxConnections) and picks the knee. */
export async function sweepConnections(endpoint, settings, log) {
  if (settings.warmupSeconds > 0) await runLoad(job(endpoint, { connections: 2, duration: settings.warmupSeconds }));
  const probes = [];
  for (let connections = 1; connections <= settings.maxConnections; connections *= 2) {
    const { result } = await runLoad(job(endpoint, { connections, duration: settings.probeSeconds }));
    const figures = summariseRun(result);
    const bestSoFar = Math.max(0, ...probes.map((probe) => probe.requestsPerSecond));
    probes.push({ connections, requestsPerSecond: figures.requestsPerSecond });
    log(`    probe ${String(connections).padStart(3)} conns: ${figures.requestsPerSecond.toFixed(0)} req/s, p99 ${figures.p99} ms`);
    // Always 1, 2 and 4 (short probes are noisy), then on while throughput still grows by 5 %.
    if (connections >= 4 && figures.requestsPerSecond < bestSoFar * 1.05) break;
  }
  return chooseConnections(probes);
}

/**
 * Runs one measured job; with `server` (a child answering "mark" with its CPU time) it also
 * reports the server's CPU milliseconds per request, a figure a busy machine does not skew.
 */
async function measured(jobToRun, server) {
  const loadBefore = os.loadavg()[0];
  const cpuBefore = server ? (await server.ask("mark")).cpuMicros : undefined;
  const { result } = await runLoad(jobToRun);
  const cpuAfter = server ? (await server.ask("mark")).cpuMicros : undefined;
  const figures = summariseRun(result);
  const cpuMsPerRequest = cpuBefore != null && cpuAfter != null && figures.total > 0 ? (cpuAfter - cpuBefore) / 1000 / figures.total : null;
  return { ...figures, cpuMsPerRequest, connections: jobToRun.connections, loadAverage: [loadBefore, os.loadavg()[0]] };
}

/** Warm-up then measurement of a fixed-body endpoint at `connections`. */
export async function measureFixed(endpoint, connections, settings, server) {
  if (settings.warmupSeconds > 0) await runLoad(job(endpoint, { connections, duration: settings.warmupSeconds }));
  return measured(job(endpoint, { connections, duration: settings.durationSeconds }), server);
}

/**
 * Transaction recording: each transaction needs a calculation of its own (recording one
 * twice is a 200 read-back or a 409). A pool of fresh calculations is created first, at
 * full speed, sized from the calculation throughput; warm-up and measurement each use
 * their own part of it, each body once, so the measured run lasts about `durationSeconds`.
 */
export async function measureRecording(endpoint, calculationEndpoint, connections, expectedRate, settings, log, server) {
  const warmupCount = Math.ceil(expectedRate * settings.warmupSeconds);
  const measuredCount = Math.max(200, Math.ceil(expectedRate * settings.durationSeconds));
  const poolJob = job(calculationEndpoint, { connections, amount: warmupCount + measuredCount, collectIds: true });
  const { ids } = await runLoad(poolJob);
  log(`    pool: ${ids.length} fresh calculations`);
  const bodies = transactionBodies(ids, Date.now().toString(36));
  if (warmupCount > 0) await runLoad(job(endpoint, { connections, bodies: bodies.slice(0, warmupCount), amount: warmupCount }));
  const rest = bodies.slice(warmupCount);
  return measured(job(endpoint, { connections, bodies: rest, amount: rest.length }), server);
}
