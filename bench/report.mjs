// Pure helpers of the HTTP benchmark: the figures of one autocannon run, the table with
// each endpoint's throughput as a share of the bare server's, the pass/fail lines of the
// targets, and the slope of the soak run's memory series. No I/O here (unit-tested).

/** The figures we report from one autocannon result (throughput over the whole run). */
export function summariseRun(result) {
  const duration = result.duration > 0 ? result.duration : 1;
  return {
    requestsPerSecond: result.requests.total / duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p999: result.latency.p99_9,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    duration: result.duration,
  };
}

/** Throughput as a share of the bare server's (0.35 = 35 %); null without a bare figure. */
export function ratioToBare(requestsPerSecond, bareRequestsPerSecond) {
  return bareRequestsPerSecond > 0 ? requestsPerSecond / bareRequestsPerSecond : null;
}

const columns = [
  ["endpoint", (row) => row.name, "left"],
  ["conns", (row) => String(row.connections)],
  ["req/s", (row) => row.requestsPerSecond.toFixed(0)],
  ["p50 ms", (row) => row.p50.toFixed(1)],
  ["p99 ms", (row) => row.p99.toFixed(1)],
  ["p99.9 ms", (row) => row.p999.toFixed(1)],
  ["cpu ms/req", (row) => (row.cpuMsPerRequest == null ? "-" : row.cpuMsPerRequest.toFixed(2))],
  ["errors", (row) => String(row.errors)],
  ["non-2xx", (row) => String(row.non2xx)],
  ["vs bare", (row) => (row.ratio === null ? "-" : `${(row.ratio * 100).toFixed(1)}%`)],
];

/** A plain-text table; `rows` carry summariseRun's fields plus name, connections and ratio. */
export function formatTable(rows) {
  const cells = rows.map((row) => columns.map(([, cell]) => cell(row)));
  const widths = columns.map(([title], index) => Math.max(title.length, ...cells.map((line) => line[index].length)));
  const render = (line) =>
    line.map((text, index) => (columns[index][2] === "left" ? text.padEnd(widths[index]) : text.padStart(widths[index]))).join("  ");
  const header = render(columns.map(([title]) => title));
  return [header, "-".repeat(header.length), ...cells.map(render)].join("\n");
}

/** The issue's targets for calculations in embedded mode. */
export const defaultTargets = { minRatio: 0.35, maxP99Ms: 20, maxErrors: 0 };

/** One verdict per targeted row: throughput share, p99 at that load, and no errors. */
export function evaluateTargets(rows, targets = defaultTargets) {
  return rows.map((row) => {
    const failures = [];
    if (row.ratio === null || row.ratio < targets.minRatio) failures.push(`throughput ${row.ratio === null ? "unknown" : `${(row.ratio * 100).toFixed(1)}%`} < ${targets.minRatio * 100}% of bare`);
    if (row.p99 > targets.maxP99Ms) failures.push(`p99 ${row.p99.toFixed(1)} ms > ${targets.maxP99Ms} ms`);
    const errors = row.errors + row.non2xx;
    if (errors > targets.maxErrors) failures.push(`${errors} errors/non-2xx > ${targets.maxErrors}`);
    return { name: row.name, pass: failures.length === 0, failures };
  });
}

export function formatVerdicts(verdicts) {
  return verdicts.map((verdict) => `${verdict.pass ? "PASS" : "FAIL"}  ${verdict.name}${verdict.pass ? "" : `: ${verdict.failures.join("; ")}`}`).join("\n");
}

/**
 * What the Express floor (an Express app doing no work) says about the targets: the share of
 * bare it reaches, and each targeted endpoint's share of the floor. When the floor itself is
 * under the throughput target, no endpoint served through Express can meet it here.
 */
export function formatFloorNote(floorRow, rows, targets = defaultTargets) {
  if (!floorRow || floorRow.ratio === null) return "";
  const percent = (value) => `${(value * 100).toFixed(1)}%`;
  const shares = rows.map((row) => `${row.name} ${percent(row.requestsPerSecond / floorRow.requestsPerSecond)}`).join("; ");
  const verdict =
    floorRow.ratio < targets.minRatio
      ? `below the ${targets.minRatio * 100}% target, so no endpoint served through Express can meet it on this machine`
      : `at or above the ${targets.minRatio * 100}% target`;
  return `Express floor: ${percent(floorRow.ratio)} of bare, ${verdict}.\nshare of the Express floor: ${shares}`;
}

/** Least-squares slope of y over x (e.g. bytes per second); 0 with fewer than two points. */
export function slope(points) {
  if (points.length < 2) return 0;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length;
  let numerator = 0;
  let denominator = 0;
  for (const point of points) {
    numerator += (point.x - meanX) * (point.y - meanY);
    denominator += (point.x - meanX) ** 2;
  }
  return denominator === 0 ? 0 : numerator / denominator;
}

/**
 * Connection tuning: the fewest connections whose throughput is within `tolerance` of the
 * best probe, so p99 is measured at the load that gives (nearly) the top throughput rather
 * than behind a queue of extra connections.
 */
export function chooseConnections(probes, tolerance = 0.05) {
  if (probes.length === 0) throw new Error("no probes");
  const best = Math.max(...probes.map((probe) => probe.requestsPerSecond));
  const sorted = [...probes].sort((a, b) => a.connections - b.connections);
  return sorted.find((probe) => probe.requestsPerSecond >= best * (1 - tolerance)).connections;
}
