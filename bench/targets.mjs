// Issue 17's targets and their verdicts, one line per target with the measured figure.
// Pure (unit-tested): the input is each mode's rows (by endpoint key), the Express floor's
// throughput and the idle measurement; a target whose figure was not measured in this run
// (an endpoint left out with --only, distributed mode not run) says so instead of a verdict.
import { sumOf } from "./process-report.mjs";

/** The offered rate of the fixed-rate target, in calculations per second. */
export const targetRate = 150;

const cpu = (row) => row.cpuMsPerRequest;
// How a measured figure and a limit print in each unit (limits as the issue writes them).
const units = {
  ms: { measured: (value) => `${value.toFixed(2)} ms`, limit: (value) => `${value} ms` },
  share: { measured: (value) => `${(value * 100).toFixed(1)}%`, limit: (value) => `${value * 100}%` },
  count: { measured: String, limit: String },
  cores: { measured: (value) => `${value.toFixed(4)} cores`, limit: (value) => `${value} cores` },
};

/**
 * `figure(row, section)` gives the number compared with `max` or `min`, in `unit`;
 * `unmeasured(row)` says why a row that exists still cannot answer the target, and
 * `failsWhen(row)` names a condition that fails it whatever the figure.
 */
export const issueTargets = [
  { mode: "embedded", key: "calc1", label: "1-line calculation: CPU per request", figure: cpu, max: 0.6, unit: "ms" },
  {
    mode: "embedded",
    key: "calc1",
    label: "1-line calculation: throughput vs the Express floor",
    figure: (row, section) =>
      section.floorRequestsPerSecond > 0 ? row.requestsPerSecond / section.floorRequestsPerSecond : null,
    min: 0.5,
    unit: "share",
  },
  {
    mode: "embedded",
    key: "calc1",
    label: "1-line calculation: p99 at that throughput",
    figure: (row) => row.p99,
    max: 10,
    unit: "ms",
  },
  {
    mode: "embedded",
    key: "calc1",
    label: "1-line calculation: errors and non-2xx",
    figure: (row) => row.errors + row.non2xx,
    max: 0,
    unit: "count",
  },
  { mode: "embedded", key: "calc10", label: "10-line calculation: CPU per request", figure: cpu, max: 1.0, unit: "ms" },
  {
    mode: "embedded",
    key: "platform",
    label: "platform calculation with fees: CPU per request",
    figure: cpu,
    max: 0.8,
    unit: "ms",
  },
  {
    mode: "embedded",
    key: "transactions",
    label: "POST /tax/transactions: CPU per request",
    figure: cpu,
    max: 1.0,
    unit: "ms",
  },
  {
    mode: "embedded",
    key: "customers",
    label: "GET /tax/customers?limit=10: CPU per request",
    figure: cpu,
    max: 0.5,
    unit: "ms",
  },
  { mode: "embedded", key: "mcp", label: "MCP tools/call: CPU per request", figure: cpu, max: 1.0, unit: "ms" },
  {
    mode: "distributed",
    key: "calc1",
    label: "1-line calculation: CPU per request, all processes",
    figure: cpu,
    max: 6,
    unit: "ms",
  },
  {
    mode: "distributed",
    key: "transactions",
    label: "POST /tax/transactions: CPU per request, all processes",
    figure: cpu,
    max: 10,
    unit: "ms",
  },
  {
    mode: "distributed",
    key: "calcRate",
    label: `p99 at ${targetRate} calculations/s`,
    figure: (row) => row.p99,
    max: 30,
    unit: "ms",
    unmeasured: (row) => (row.offeredRate !== targetRate ? `run at ${row.offeredRate}/s, not ${targetRate}/s` : null),
    // Below 95 % of the rate, or with errors, the load was not the target's.
    failsWhen: (row) =>
      row.requestsPerSecond < targetRate * 0.95
        ? `only ${row.requestsPerSecond.toFixed(0)}/s sustained`
        : row.errors + row.non2xx > 0
          ? `${row.errors + row.non2xx} errors/non-2xx`
          : null,
  },
  {
    mode: "distributed",
    key: "idle",
    label: "idle system: cores in total",
    figure: (idle) => sumOf(idle.cores),
    max: 0.05,
    unit: "cores",
  },
];

const limitText = (target) =>
  target.max !== undefined ? `≤ ${units[target.unit].limit(target.max)}` : `≥ ${units[target.unit].limit(target.min)}`;

/**
 * One verdict per target: {status: "PASS" | "FAIL" | "n/a", mode, label, measured, limit, note}.
 * `sections` maps a mode to {rows: {key: row}, idle, floorRequestsPerSecond}.
 */
export function evaluateTargets(sections, targets = issueTargets) {
  return targets.map((target) => {
    const section = sections[target.mode];
    const base = { mode: target.mode, label: target.label, limit: limitText(target) };
    if (!section) return { ...base, status: "n/a", note: `${target.mode} mode not run` };
    const row = target.key === "idle" ? section.idle : section.rows[target.key];
    if (!row) return { ...base, status: "n/a", note: "not measured in this run" };
    const why = target.unmeasured?.(row);
    if (why) return { ...base, status: "n/a", note: why };
    const value = target.figure(row, section);
    if (value == null || Number.isNaN(value)) return { ...base, status: "n/a", note: "no figure" };
    const failure = target.failsWhen?.(row) ?? null;
    const within = target.max !== undefined ? value <= target.max : value >= target.min;
    return {
      ...base,
      status: within && !failure ? "PASS" : "FAIL",
      measured: units[target.unit].measured(value),
      ...(failure ? { note: failure } : {}),
    };
  });
}

/** `PASS  embedded     1-line calculation: CPU per request  0.52 ms (target ≤ 0.6 ms)`, one per line. */
export function formatTargetVerdicts(verdicts) {
  const labelWidth = Math.max(...verdicts.map((verdict) => verdict.label.length));
  return verdicts
    .map((verdict) => {
      const figure = verdict.measured ? `${verdict.measured} (target ${verdict.limit})` : `(target ${verdict.limit})`;
      const note = verdict.note ? `: ${verdict.note}` : "";
      return `${verdict.status.padEnd(4)}  ${verdict.mode.padEnd(11)}  ${verdict.label.padEnd(labelWidth)}  ${figure}${note}`;
    })
    .join("\n");
}
