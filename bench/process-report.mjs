// Pure helpers for CPU by process: what a measured window cost each process per request,
// the cores each used while idle, and the tables printing both. Inputs are the CPU µs used
// so far by each named process (or group of processes), read before and after the window.
import { renderTable } from "./report.mjs";

export const sumOf = (byName) => Object.values(byName).reduce((sum, value) => sum + value, 0);

/** CPU µs each process used between two readings (a process missing from either is left out). */
export function cpuDeltaMicros(before, after) {
  const delta = {};
  for (const [name, micros] of Object.entries(after)) {
    if (before[name] != null) delta[name] = Math.max(0, micros - before[name]);
  }
  return delta;
}

/** CPU milliseconds per request for each process; null when no request completed. */
export function cpuMsPerRequestByProcess(before, after, requests) {
  if (!(requests > 0)) return null;
  const delta = cpuDeltaMicros(before, after);
  return Object.fromEntries(Object.entries(delta).map(([name, micros]) => [name, micros / 1000 / requests]));
}

/** Cores each process kept busy over `seconds` of wall time (1 = one core all the time). */
export function coresByProcess(before, after, seconds) {
  const delta = cpuDeltaMicros(before, after);
  return Object.fromEntries(Object.entries(delta).map(([name, micros]) => [name, micros / 1e6 / seconds]));
}

/** Process names in a stable order: the given order first, then any others alphabetically. */
function processNames(maps, order) {
  const seen = new Set(maps.flatMap((map) => Object.keys(map ?? {})));
  return [...order.filter((name) => seen.has(name)), ...[...seen].filter((name) => !order.includes(name)).sort()];
}

/**
 * One line per endpoint, one column per process, the last column the sum: CPU ms per
 * request. Rows without figures print "-".
 */
export function formatCpuByProcess(rows, order = []) {
  const names = processNames(
    rows.map((row) => row.cpuByProcess),
    order,
  );
  const cells = rows.map((row) => [
    row.name,
    ...names.map((name) => (row.cpuByProcess?.[name] == null ? "-" : row.cpuByProcess[name].toFixed(2))),
    row.cpuByProcess ? sumOf(row.cpuByProcess).toFixed(2) : "-",
  ]);
  return renderTable(["cpu ms/req", ...names, "all"], cells);
}

/** The idle measurement as one line: cores per process and in total. */
export function formatIdle(idle, order = []) {
  const names = processNames([idle.cores], order);
  const cells = [
    [`idle ${idle.seconds} s`, ...names.map((name) => idle.cores[name].toFixed(4)), sumOf(idle.cores).toFixed(4)],
  ];
  return renderTable(["cores", ...names, "all"], cells);
}
