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

/**
 * A recording run's figures with the work it left behind (the ledger applying the events
 * after the run) charged to its requests: CPU ms per request by process and summed, and
 * FerretDB commands per request. Null without per-process figures.
 */
export function withLeftBehind(figures) {
  const left = figures.leftBehind;
  if (!figures.cpuByProcess || !left?.cpuByProcessMs || !(figures.total > 0)) return null;
  const cpuByProcess = Object.fromEntries(
    Object.entries(figures.cpuByProcess).map(([name, ms]) => [
      name,
      ms + (left.cpuByProcessMs[name] ?? 0) / figures.total,
    ]),
  );
  const commands =
    figures.ferretdbCommands && left.ferretdbCommands != null
      ? figures.ferretdbCommands.all + left.ferretdbCommands / figures.total
      : null;
  return { cpuMsPerRequest: sumOf(cpuByProcess), cpuByProcess, ferretdbCommands: commands, quiet: left.quiet };
}

/** withLeftBehind's figures as one line. */
export function formatWithLeftBehind(charged) {
  const byProcess = Object.entries(charged.cpuByProcess)
    .filter(([, ms]) => ms >= 0.05)
    .sort(([, a], [, b]) => b - a)
    .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
    .join(", ");
  const commands = charged.ferretdbCommands == null ? "" : `, ${charged.ferretdbCommands.toFixed(2)} FerretDB commands`;
  const still = charged.quiet ? "" : " (still busy when the wait ended: a lower bound)";
  return `${charged.cpuMsPerRequest.toFixed(2)} ms CPU per request (${byProcess})${commands}${still}`;
}

/** FerretDB commands per request, one line per endpoint, one column per command. */
export function formatCommands(rows) {
  const names = processNames(
    rows.map((row) => (row.ferretdbCommands ? { ...row.ferretdbCommands, all: undefined } : null)),
    ["insert", "find", "findAndModify", "update", "delete"],
  ).filter((name) => name !== "all");
  const cells = rows.map((row) => [
    row.name,
    ...names.map((name) => (row.ferretdbCommands?.[name] == null ? "-" : row.ferretdbCommands[name].toFixed(2))),
    row.ferretdbCommands ? row.ferretdbCommands.all.toFixed(2) : "-",
  ]);
  return renderTable(["commands/req", ...names, "all"], cells);
}
