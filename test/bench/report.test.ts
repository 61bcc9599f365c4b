// The benchmark's pure helpers: figures from an autocannon result, ratios to the bare
// server, the table, the targets' verdicts, the soak slope and the connection choice.
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations
import { chooseConnections, evaluateTargets, formatFloorNote, formatTable, formatVerdicts, ratioToBare, slope, summariseRun } from "../../bench/report.mjs";
// @ts-expect-error: plain ESM script without type declarations
import { parseEnvFile } from "../../bench/infrastructure.mjs";

const autocannonResult = (total: number, duration: number, p99 = 12) => ({
  duration,
  requests: { total },
  latency: { p50: 4, p99, p99_9: 30 },
  errors: 1,
  timeouts: 2,
  non2xx: 3,
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
  ratio: ratioToBare(requestsPerSecond, 10_000),
});

describe("benchmark report", () => {
  it("takes throughput over the whole run and counts timeouts as errors", () => {
    expect(summariseRun(autocannonResult(5_000, 10))).toMatchObject({ requestsPerSecond: 500, p50: 4, p99: 12, p999: 30, errors: 3, non2xx: 3, total: 5_000 });
  });

  it("gives each endpoint's throughput as a share of the bare server's", () => {
    expect(ratioToBare(3_500, 10_000)).toBeCloseTo(0.35);
    expect(ratioToBare(100, 0)).toBeNull();
  });

  it("prints one aligned line per endpoint with the ratio as a percentage", () => {
    const table = formatTable([{ ...row("bare", 10_000, 1), ratio: 1 }, row("POST /tax/calculations (1 line)", 3_612, 14.25)]);
    const lines = table.split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^endpoint\s+conns\s+req\/s\s+p50 ms\s+p99 ms\s+p99\.9 ms\s+cpu ms\/req\s+errors\s+non-2xx\s+vs bare$/);
    expect(lines[2]).toMatch(/^bare\s+4\s+10000\s.*100\.0%$/);
    expect(lines[3]).toMatch(/^POST \/tax\/calculations \(1 line\)\s+4\s+3612\s+2\.0\s+14\.3\s+28\.5\s+0\.50\s+0\s+0\s+36\.1%$/);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });

  it("passes a calculation only at ≥ 35% of bare, p99 ≤ 20 ms and no errors", () => {
    const verdicts = evaluateTargets([row("fast", 3_600, 19), row("slow", 3_000, 10), row("laggy", 4_000, 25), row("failing", 4_000, 10, 0, 2)]);
    expect(verdicts.map((verdict: { pass: boolean }) => verdict.pass)).toEqual([true, false, false, false]);
    expect(verdicts[1].failures).toEqual(["throughput 30.0% < 35% of bare"]);
    expect(verdicts[2].failures).toEqual(["p99 25.0 ms > 20 ms"]);
    expect(verdicts[3].failures).toEqual(["2 errors/non-2xx > 0"]);
    expect(formatVerdicts(verdicts).split("\n")[0]).toBe("PASS  fast");
    expect(formatVerdicts(verdicts).split("\n")[1]).toBe("FAIL  slow: throughput 30.0% < 35% of bare");
  });

  it("says when the Express floor itself is under the throughput target, and each endpoint's share of it", () => {
    const calculations = [row("1 line", 450, 20), row("10 lines", 300, 20)];
    const low = formatFloorNote(row("floor", 1_800, 5), calculations).split("\n");
    expect(low[0]).toBe("Express floor: 18.0% of bare, below the 35% target, so no endpoint served through Express can meet it on this machine.");
    expect(low[1]).toBe("share of the Express floor: 1 line 25.0%; 10 lines 16.7%");
    expect(formatFloorNote(row("floor", 4_000, 5), calculations)).toMatch(/^Express floor: 40\.0% of bare, at or above the 35% target\.\n/);
    expect(formatFloorNote(undefined, calculations)).toBe("");
  });

  it("fits a least-squares slope (flat memory → 0, steady growth → its rate)", () => {
    expect(slope([{ x: 0, y: 5 }, { x: 1, y: 5 }, { x: 2, y: 5 }])).toBe(0);
    expect(slope([{ x: 0, y: 1 }, { x: 1, y: 3 }, { x: 2, y: 5 }, { x: 3, y: 7 }])).toBeCloseTo(2);
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
    expect(parseEnvFile("# comment\nMONGODB_URI=mongodb://127.0.0.1:1/\nexport KAFKA_BROKERS='127.0.0.1:2'\n\nFERRETDB_PID=12\n")).toEqual({
      MONGODB_URI: "mongodb://127.0.0.1:1/",
      KAFKA_BROKERS: "127.0.0.1:2",
      FERRETDB_PID: "12",
    });
  });
});
