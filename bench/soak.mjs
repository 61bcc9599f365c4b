// The soak run: embedded Levy under steady mixed load (calculations of 1 and 10 lines,
// platform calculations and a list on REST, get_customer over MCP) for `seconds`, with
// heap and RSS sampled every 10 s after a forced GC in the system's process. Prints the
// series and the slopes; memory that keeps growing shows as a positive slope late in the run.
import os from "node:os";
import path from "node:path";
import { prepareFixtures } from "./fixtures.mjs";
import { runLoad, startChild } from "./processes.mjs";
import { slope, summariseRun } from "./report.mjs";

const mb = (bytes) => bytes / 1024 / 1024;
/** Growth the soak tolerates in the second half of the run (heap, MB per minute). */
export const maxHeapSlopeMbPerMinute = 1;

/**
 * `mix`: "all" (calculations, each stored, plus reads) or "reads" (the customer list and
 * MCP only: nothing is stored, so any growth is the request path's, not data's).
 */
export async function runSoak({ seconds, outDir, stamp, log, mix = "all", connections = 4, sampleSeconds = 10 }) {
  log(
    `\nsoak (${mix}): ${seconds} s of mixed load on embedded Levy, ${connections} REST connections + 1 MCP, memory every ${sampleSeconds} s after GC`,
  );
  const system = await startChild("system-process.mjs", {
    env: { ...process.env, BENCH_MODE: "embedded" },
    execArgv: ["--expose-gc"],
    logFile: path.join(outDir, `${stamp}-soak.log`),
  });
  try {
    const { endpoints } = await prepareFixtures(system);
    const rest = endpoints.filter(
      (endpoint) => endpoint.url === system.restUrl && !endpoint.pool && (mix === "all" || endpoint.method === "GET"),
    );
    const calculationsPerRound = rest.filter((endpoint) => endpoint.path.includes("calculations")).length / rest.length;
    const mcp = endpoints.find((endpoint) => endpoint.url === system.mcpUrl);
    const samples = [];
    const started = Date.now();
    const sample = async () => {
      const memory = await system.ask("memory");
      samples.push({
        seconds: Math.round((Date.now() - started) / 1000),
        heapUsed: memory.heapUsed,
        rss: memory.rss,
        load: os.loadavg()[0],
      });
      const last = samples.at(-1);
      log(
        `  t=${String(last.seconds).padStart(4)} s  heap ${mb(last.heapUsed).toFixed(1).padStart(7)} MB  rss ${mb(last.rss).toFixed(1).padStart(7)} MB  load ${last.load.toFixed(2)}`,
      );
    };
    await sample();
    const timer = setInterval(() => void sample(), sampleSeconds * 1000);
    const [restRun, mcpRun] = await Promise.all([
      runLoad({ url: system.restUrl, connections, duration: seconds, mix: rest }),
      runLoad({
        url: mcp.url,
        method: mcp.method,
        path: mcp.path,
        headers: mcp.headers,
        body: mcp.body,
        connections: 1,
        duration: seconds,
      }),
    ]);
    clearInterval(timer);
    await sample();
    const restFigures = summariseRun(restRun.result);
    const mcpFigures = summariseRun(mcpRun.result);
    log(
      `  REST mix: ${restFigures.total} requests, ${restFigures.requestsPerSecond.toFixed(0)} req/s, p99 ${restFigures.p99} ms, errors ${restFigures.errors}, non-2xx ${restFigures.non2xx}`,
    );
    log(
      `  MCP:      ${mcpFigures.total} requests, ${mcpFigures.requestsPerSecond.toFixed(0)} req/s, p99 ${mcpFigures.p99} ms, errors ${mcpFigures.errors}, non-2xx ${mcpFigures.non2xx}`,
    );
    // Every calculation is stored, and the embedded store keeps its documents in memory.
    const stored = Math.round((restFigures.total - restFigures.non2xx) * calculationsPerRound);
    const outcome = summariseSoak(samples, log);
    if (stored > 0) {
      const perCalculation = (samples.at(-1).heapUsed - samples[0].heapUsed) / stored;
      log(
        `  ${stored} calculations stored (kept in the embedded store's memory): ${(perCalculation / 1024).toFixed(2)} KB of heap growth per stored calculation`,
      );
      outcome.verdict.storedCalculations = stored;
      outcome.verdict.heapBytesPerStoredCalculation = perCalculation;
    }
    return outcome;
  } finally {
    await system.stop();
  }
}

function summariseSoak(samples, log) {
  const perMinute = (key, points) => mb(slope(points.map((point) => ({ x: point.seconds / 60, y: point[key] }))));
  const secondHalf = samples.slice(Math.floor(samples.length / 2));
  const heapLate = perMinute("heapUsed", secondHalf);
  const verdict = {
    heapGrowthMb: mb(samples.at(-1).heapUsed - samples[0].heapUsed),
    rssGrowthMb: mb(samples.at(-1).rss - samples[0].rss),
    heapSlopeMbPerMinute: perMinute("heapUsed", samples),
    rssSlopeMbPerMinute: perMinute("rss", samples),
    heapSlopeSecondHalfMbPerMinute: heapLate,
    rssSlopeSecondHalfMbPerMinute: perMinute("rss", secondHalf),
    pass: heapLate <= maxHeapSlopeMbPerMinute,
  };
  log(
    `  heap: ${verdict.heapGrowthMb.toFixed(1)} MB over the run, slope ${verdict.heapSlopeMbPerMinute.toFixed(2)} MB/min (second half ${heapLate.toFixed(2)} MB/min)`,
  );
  log(
    `  rss:  ${verdict.rssGrowthMb.toFixed(1)} MB over the run, slope ${verdict.rssSlopeMbPerMinute.toFixed(2)} MB/min (second half ${verdict.rssSlopeSecondHalfMbPerMinute.toFixed(2)} MB/min)`,
  );
  log(`${verdict.pass ? "PASS" : "FAIL"}  memory: heap slope in the second half ≤ ${maxHeapSlopeMbPerMinute} MB/min`);
  return { samples, verdict };
}
