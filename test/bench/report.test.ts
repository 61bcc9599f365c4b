// The benchmark's pure helpers: figures from an autocannon result, ratios to the Express
// floor, the table, the targets' verdicts, CPU by process, the soak slope and the
// connection choice.
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations
import { chooseConnections, formatTable, ratioTo, slope, summariseRun } from "../../bench/report.mjs";
// @ts-expect-error: plain ESM script without type declarations
import { parseEnvFile } from "../../bench/infrastructure.mjs";
// @ts-expect-error: plain ESM script without type declarations
import { evaluateTargets, formatTargetVerdicts, issueTargets } from "../../bench/targets.mjs";
// @ts-expect-error: plain ESM script without type declarations
import {
  coresByProcess,
  cpuMsPerRequestByProcess,
  formatCpuByProcess,
  formatIdle,
  sumOf,
} from "../../bench/process-report.mjs";
// @ts-expect-error: plain ESM script without type declarations
import { parseStat, serviceOfCommandLine } from "../../bench/process-cpu.mjs";

const autocannonResult = (total: number, duration: number, p99 = 12) => ({
  duration,
  requests: { total },
  latency: { p50: 4, p99, p99_9: 30 },
  errors: 1,
  timeouts: 2,
  non2xx: 3,
  statusCodeStats: { "200": { count: 4_997 }, "409": { count: 1 }, "504": { count: 2 } },
});
const row = (name: string, requestsPerSecond: number, p99: number, errors = 0, non2xx = 0) => ({
  name,
  connections: 4,
  requestsPerSecond,
  p50: 2,
  p99,
  p999: p99 * 2,
  errors,
  non2xx,
  cpuMsPerRequest: 0.5,
  ratio: ratioTo(requestsPerSecond, 10_000),
});

describe("benchmark report", () => {
  it("takes throughput over the whole run and counts timeouts as errors", () => {
    expect(summariseRun(autocannonResult(5_000, 10))).toMatchObject({
      requestsPerSecond: 500,
      p50: 4,
      p99: 12,
      p999: 30,
      errors: 3,
      non2xx: 3,
      non2xxByStatus: { 409: 1, 504: 2 },
      total: 5_000,
    });
  });

  it("gives each endpoint's throughput as a share of a reference's (the Express floor's)", () => {
    expect(ratioTo(3_500, 10_000)).toBeCloseTo(0.35);
    expect(ratioTo(100, 0)).toBeNull();
  });

  it("prints one aligned line per endpoint with the ratio as a percentage", () => {
    const table = formatTable([
      { ...row("bare", 10_000, 1), ratio: 1 },
      row("POST /tax/calculations (1 line)", 3_612, 14.25),
    ]);
    const lines = table.split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^endpoint\s+conns\s+req\/s\s+p50 ms\s+p99 ms\s+p99\.9 ms\s+cpu ms\/req\s+errors\s+non-2xx\s+vs floor$/,
    );
    expect(lines[2]).toMatch(/^bare\s+4\s+10000\s.*100\.0%$/);
    expect(lines[3]).toMatch(
      /^POST \/tax\/calculations \(1 line\)\s+4\s+3612\s+2\.0\s+14\.3\s+28\.5\s+0\.50\s+0\s+0\s+36\.1%$/,
    );
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });

  it("names the statuses of the non-2xx responses beside their count", () => {
    const table = formatTable([{ ...row("POST /tax/transactions", 212, 1092, 0, 1), non2xxByStatus: { 504: 1 } }]);
    expect(table.split("\n")[2]).toMatch(/\s1 \(504×1\)\s+2\.1%$/);
  });

  it("fits a least-squares slope (flat memory → 0, steady growth → its rate)", () => {
    expect(
      slope([
        { x: 0, y: 5 },
        { x: 1, y: 5 },
        { x: 2, y: 5 },
      ]),
    ).toBe(0);
    expect(
      slope([
        { x: 0, y: 1 },
        { x: 1, y: 3 },
        { x: 2, y: 5 },
        { x: 3, y: 7 },
      ]),
    ).toBeCloseTo(2);
    expect(slope([{ x: 0, y: 1 }])).toBe(0);
  });

  it("chooses the fewest connections within 5% of the best throughput", () => {
    const probes = [
      { connections: 1, requestsPerSecond: 400 },
      { connections: 2, requestsPerSecond: 700 },
      { connections: 4, requestsPerSecond: 980 },
      { connections: 8, requestsPerSecond: 1_000 },
    ];
    expect(chooseConnections(probes)).toBe(4);
    expect(chooseConnections([{ connections: 1, requestsPerSecond: 10 }])).toBe(1);
    expect(() => chooseConnections([])).toThrow();
  });

  it("reads the infrastructure's env file", () => {
    expect(
      parseEnvFile(
        "# comment\nMONGODB_URI=mongodb://127.0.0.1:1/\nexport KAFKA_BROKERS='127.0.0.1:2'\n\nFERRETDB_PID=12\n",
      ),
    ).toEqual({
      MONGODB_URI: "mongodb://127.0.0.1:1/",
      KAFKA_BROKERS: "127.0.0.1:2",
      FERRETDB_PID: "12",
    });
  });
});

type Verdict = { status: string; mode: string; label: string; measured?: string; limit: string; note?: string };
const measuredRow = (cpuMsPerRequest: number, extra: Record<string, unknown> = {}) => ({
  ...row("x", 300, 8),
  cpuMsPerRequest,
  ...extra,
});
/** Every embedded and distributed figure exactly at its limit (a limit passes). */
const atTheLimits = () => ({
  embedded: {
    floorRequestsPerSecond: 600,
    rows: {
      calc1: measuredRow(0.6, { requestsPerSecond: 300, p99: 10 }),
      calc10: measuredRow(1.0),
      platform: measuredRow(0.8),
      transactions: measuredRow(1.0),
      customers: measuredRow(0.5),
      mcp: measuredRow(1.0),
    },
  },
  distributed: {
    floorRequestsPerSecond: 600,
    rows: {
      calc1: measuredRow(6),
      transactions: measuredRow(10),
      calcRate: measuredRow(4, { offeredRate: 150, requestsPerSecond: 150, p99: 30 }),
    },
    idle: { seconds: 30, cores: { gateway: 0.02, kafka: 0.03 } },
  },
});
const statuses = (verdicts: Verdict[]) => verdicts.map((verdict) => verdict.status);
const verdictOf = (verdicts: Verdict[], mode: string, label: string) =>
  verdicts.find((verdict) => verdict.mode === mode && verdict.label.startsWith(label))!;

describe("issue 17 targets", () => {
  it("has one line per target of the issue: 9 embedded, 4 distributed", () => {
    const modes = issueTargets.map((target: { mode: string }) => target.mode);
    expect(modes.filter((mode: string) => mode === "embedded")).toHaveLength(9);
    expect(modes.filter((mode: string) => mode === "distributed")).toHaveLength(4);
  });

  it("passes every target when each figure is exactly at its limit", () => {
    const verdicts = evaluateTargets(atTheLimits());
    expect(statuses(verdicts)).toEqual(Array(13).fill("PASS"));
    expect(verdictOf(verdicts, "embedded", "1-line calculation: throughput")).toMatchObject({
      measured: "50.0%",
      limit: "≥ 50%",
    });
    expect(verdictOf(verdicts, "distributed", "idle")).toMatchObject({
      measured: "0.0500 cores",
      limit: "≤ 0.05 cores",
    });
  });

  it("fails each target just past its limit, naming the measured figure", () => {
    const sections = atTheLimits();
    sections.embedded.rows.calc1 = measuredRow(0.61, { requestsPerSecond: 299, p99: 10.5, non2xx: 1 });
    sections.embedded.rows.customers = measuredRow(0.51);
    sections.distributed.rows.calc1 = measuredRow(6.01);
    sections.distributed.rows.calcRate = measuredRow(4, { offeredRate: 150, requestsPerSecond: 150, p99: 31 });
    sections.distributed.idle.cores.kafka = 0.031;
    const verdicts = evaluateTargets(sections);
    expect(statuses(verdicts)).toEqual([
      "FAIL",
      "FAIL",
      "FAIL",
      "FAIL",
      "PASS",
      "PASS",
      "PASS",
      "FAIL",
      "PASS",
      "FAIL",
      "PASS",
      "FAIL",
      "FAIL",
    ]);
    expect(verdictOf(verdicts, "embedded", "1-line calculation: CPU")).toMatchObject({
      measured: "0.61 ms",
      limit: "≤ 0.6 ms",
    });
    expect(verdictOf(verdicts, "embedded", "1-line calculation: throughput").measured).toBe("49.8%");
    expect(verdictOf(verdicts, "embedded", "1-line calculation: errors").measured).toBe("1");
    expect(verdictOf(verdicts, "distributed", "idle").measured).toBe("0.0510 cores");
  });

  it("fails the fixed-rate target when the rate was not sustained or had errors, whatever the p99", () => {
    const slow = atTheLimits();
    slow.distributed.rows.calcRate = measuredRow(4, { offeredRate: 150, requestsPerSecond: 140, p99: 5 });
    expect(verdictOf(evaluateTargets(slow), "distributed", "p99 at 150")).toMatchObject({
      status: "FAIL",
      note: "only 140/s sustained",
    });
    const failing = atTheLimits();
    failing.distributed.rows.calcRate = measuredRow(4, { offeredRate: 150, requestsPerSecond: 150, p99: 5, errors: 2 });
    expect(verdictOf(evaluateTargets(failing), "distributed", "p99 at 150")).toMatchObject({
      status: "FAIL",
      note: "2 errors/non-2xx",
    });
  });

  it("says n/a, not PASS or FAIL, for what this run did not measure", () => {
    const sections = atTheLimits();
    delete (sections as Partial<typeof sections>).distributed;
    delete (sections.embedded.rows as Partial<typeof sections.embedded.rows>).mcp;
    const verdicts = evaluateTargets(sections);
    expect(verdictOf(verdicts, "embedded", "MCP")).toMatchObject({ status: "n/a", note: "not measured in this run" });
    expect(verdictOf(verdicts, "distributed", "idle")).toMatchObject({
      status: "n/a",
      note: "distributed mode not run",
    });
    const otherRate = atTheLimits();
    otherRate.distributed.rows.calcRate = measuredRow(4, { offeredRate: 100, requestsPerSecond: 100, p99: 5 });
    expect(verdictOf(evaluateTargets(otherRate), "distributed", "p99 at 150")).toMatchObject({
      status: "n/a",
      note: "run at 100/s, not 150/s",
    });
  });

  it("prints one aligned line per target with status, mode, figure and limit", () => {
    const sections = atTheLimits();
    sections.embedded.rows.calc10 = measuredRow(1.25);
    const lines = formatTargetVerdicts(evaluateTargets(sections)).split("\n");
    expect(lines).toHaveLength(13);
    expect(lines[4]).toMatch(/^FAIL {2}embedded {5}10-line calculation: CPU per request +1\.25 ms \(target ≤ 1 ms\)$/);
    expect(lines[0]).toMatch(
      /^PASS {2}embedded {5}1-line calculation: CPU per request +0\.60 ms \(target ≤ 0\.6 ms\)$/,
    );
  });
});

describe("CPU by process", () => {
  const before = { gateway: 1_000_000, "calc-engine": 2_000_000, kafka: 500_000 };
  const after = { gateway: 1_900_000, "calc-engine": 2_600_000, kafka: 800_000, ferretdb: 10 };

  it("divides each process's CPU over the window by the requests; a process not read before is left out", () => {
    const perRequest = cpuMsPerRequestByProcess(before, after, 300);
    expect(perRequest).toEqual({ gateway: 3, "calc-engine": 2, kafka: 1 });
    expect(sumOf(perRequest)).toBe(6);
    expect(cpuMsPerRequestByProcess(before, after, 0)).toBeNull();
  });

  it("gives the cores each process kept busy while idle", () => {
    const cores = coresByProcess(before, after, 30);
    expect(cores.gateway).toBeCloseTo(0.03);
    expect(sumOf(cores)).toBeCloseTo(0.06);
  });

  it("prints one column per process in the given order and the sum last", () => {
    const table = formatCpuByProcess(
      [
        { name: "1 line", cpuByProcess: { kafka: 1, gateway: 3, "calc-engine": 2 } },
        { name: "list", cpuByProcess: null },
      ],
      ["gateway", "calc-engine", "ferretdb", "kafka"],
    ).split("\n");
    expect(table[0]).toMatch(/^cpu ms\/req\s+gateway\s+calc-engine\s+kafka\s+all$/);
    expect(table[2]).toMatch(/^1 line\s+3\.00\s+2\.00\s+1\.00\s+6\.00$/);
    expect(table[3]).toMatch(/^list\s+-\s+-\s+-\s+-$/);
    expect(formatIdle({ seconds: 30, cores: { kafka: 0.03, gateway: 0.01 } }, ["gateway"]).split("\n")[2]).toMatch(
      /^idle 30 s\s+0\.0100\s+0\.0300\s+0\.0400$/,
    );
  });

  it("reads utime+stime and the parent from a /proc stat line, whatever the command name holds", () => {
    const fields = "S 4242 4300 4242 0 -1 4194560 100 0 0 0 1234 567 0 0 20 0 11 0 9999 0 0";
    expect(parseStat(`4300 (node) ${fields}`)).toEqual({ comm: "node", ppid: 4242, ticks: 1801 });
    expect(parseStat(`4300 (a (b) c) ${fields}`)).toEqual({ comm: "a (b) c", ppid: 4242, ticks: 1801 });
  });

  it("recognises a Levy service by its command line", () => {
    expect(serviceOfCommandLine(["/usr/bin/node", "/work/levy/services/calc-engine/dist/main.js"])).toBe("calc-engine");
    expect(serviceOfCommandLine(["java", "-cp", "kafka.Kafka"])).toBeNull();
  });
});
