// CPU time of other processes, read from /proc (Linux): the distributed system runs as
// seven service processes plus FerretDB and Kafka, and each one's utime+stime before and
// after a measured window says what that window cost it. Parsing is pure (unit-tested);
// the readers below touch /proc.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * The fields we need from /proc/<pid>/stat. The command name (field 2) is in parentheses
 * and may itself hold spaces or parentheses, so fields are counted from the last ")".
 */
export function parseStat(text) {
  const close = text.lastIndexOf(")");
  if (close === -1) throw new Error(`not a /proc stat line: ${text.slice(0, 80)}`);
  const comm = text.slice(text.indexOf("(") + 1, close);
  // After ")": state(3) ppid(4) … utime(14) stime(15); index 0 here is field 3.
  const fields = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  return { comm, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** Which Levy service a command line runs (services/<name>/dist/main.js), or null. */
export function serviceOfCommandLine(args) {
  for (const arg of args) {
    const match = /(?:^|\/)services\/([^/]+)\/dist\/main\.js$/.exec(arg);
    if (match) return match[1];
  }
  return null;
}

let ticksPerSecond;
/** The kernel's clock ticks per second (`getconf CLK_TCK`, 100 nearly everywhere). */
export function clockTicksPerSecond() {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  return ticksPerSecond;
}

function readStat(pid) {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null; // gone
  }
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
  } catch {
    return [];
  }
}

/** `pid` and all its descendants, found by walking /proc once. */
export function processTree(pid) {
  const childrenOf = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (!stat) continue;
    if (!childrenOf.has(stat.ppid)) childrenOf.set(stat.ppid, []);
    childrenOf.get(stat.ppid).push(Number(entry));
  }
  const tree = [];
  const visit = (current) => {
    tree.push(current);
    for (const child of childrenOf.get(current) ?? []) visit(child);
  };
  visit(Number(pid));
  return tree;
}

/**
 * The processes of the distributed system by name: each service process the bench host
 * spawned (and anything it spawned), plus FerretDB and Kafka with their descendants.
 */
export function distributedProcesses(hostPid, infraPids) {
  const groups = {};
  for (const child of processTree(hostPid).slice(1)) {
    const service = serviceOfCommandLine(commandLine(child));
    if (service) groups[service] = [...(groups[service] ?? []), ...processTree(child)];
  }
  for (const [name, pid] of Object.entries(infraPids)) {
    if (pid) groups[name] = processTree(pid);
  }
  return groups;
}

/** CPU µs used so far by each named group of processes (a vanished process counts 0). */
export function readGroupsCpuMicros(groups) {
  const micros = {};
  for (const [name, pids] of Object.entries(groups)) {
    const ticks = pids.reduce((sum, pid) => sum + (readStat(pid)?.ticks ?? 0), 0);
    micros[name] = (ticks * 1e6) / clockTicksPerSecond();
  }
  return micros;
}
