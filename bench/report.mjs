// Pure helpers of the HTTP benchmark: the figures of one autocannon run, the table with
// each endpoint's throughput as a share of the Express floor's, and the slope of the soak
// run's memory series. No I/O here (unit-tested). Targets: targets.mjs; per-process CPU:
// process-report.mjs.

/** The non-2xx responses of a run by status, e.g. { 504: 1 } (autocannon's statusCodeStats or the paced load's). */
function non2xxByStatus(statusCodeStats = {}) {
  const counts = {};
  for (const [status, { count }] of Object.entries(statusCodeStats)) {
    if (count > 0 && !status.startsWith("2")) counts[status] = count;
  }
  return counts;
}

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
    non2xxByStatus: non2xxByStatus(result.statusCodeStats),
    total: result.requests.total,
    duration: result.duration,
  };
}

/** Throughput as a share of a reference's, e.g. the Express floor's (0.5 = 50 %); null without a reference figure. */
export function ratioTo(requestsPerSecond, referenceRequestsPerSecond) {
  return referenceRequestsPerSecond > 0 ? requestsPerSecond / referenceRequestsPerSecond : null;
}

/** " (504×1)" after a non-2xx count, so a failed request says what it was. */
const statusList = (byStatus = {}) => {
  const entries = Object.entries(byStatus);
  return entries.length === 0 ? "" : ` (${entries.map(([status, count]) => `${status}×${count}`).join(" ")})`;
};

const columns = [
  ["endpoint", (row) => row.name],
  ["conns", (row) => String(row.connections)],
  ["req/s", (row) => row.requestsPerSecond.toFixed(0)],
  ["p50 ms", (row) => row.p50.toFixed(1)],
  ["p99 ms", (row) => row.p99.toFixed(1)],
  ["p99.9 ms", (row) => row.p999.toFixed(1)],
  ["cpu ms/req", (row) => (row.cpuMsPerRequest == null ? "-" : row.cpuMsPerRequest.toFixed(2))],
  ["errors", (row) => String(row.errors)],
  ["non-2xx", (row) => `${row.non2xx}${statusList(row.non2xxByStatus)}`],
  ["vs floor", (row) => (row.ratio == null ? "-" : `${(row.ratio * 100).toFixed(1)}%`)],
];

/** A plain-text table; `rows` carry summariseRun's fields plus name, connections, cpuMsPerRequest and ratio (to the Express floor). */
export function formatTable(rows) {
  return renderTable(
    columns.map(([title]) => title),
    rows.map((row) => columns.map(([, cell]) => cell(row))),
  );
}

/** Aligned plain text: the first column left-aligned, the others right-aligned. */
export function renderTable(titles, cells) {
  const widths = titles.map((title, index) => Math.max(title.length, ...cells.map((line) => line[index].length)));
  const render = (line) =>
    line.map((text, index) => (index === 0 ? text.padEnd(widths[index]) : text.padStart(widths[index]))).join("  ");
  const header = render(titles);
  return [header, "-".repeat(header.length), ...cells.map(render)].join("\n");
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
