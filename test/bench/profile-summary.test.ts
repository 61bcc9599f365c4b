// The profile summariser: self time per function from a .cpuprofile's samples, optionally
// from a point in time on (leaving start-up out), and per package.
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations
import { formatSelfTimes, selfTimes, selfTimesByModule } from "../../bench/profile-summary.mjs";

const frame = (functionName: string, url = "", lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber: 0,
  scriptId: "0",
});
// root → handler (gateway) → parse (zod), and the idle node; 1 ms between samples.
const profile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2, 4] },
    { id: 2, callFrame: frame("handle", "file:///work/levy/services/gateway/dist/http/app.js", 9), children: [3] },
    { id: 3, callFrame: frame("parse", "file:///work/levy/node_modules/zod/v4/core/api.js", 99), children: [] },
    { id: 4, callFrame: frame("(idle)"), children: [] },
  ],
  startTime: 1_000,
  endTime: 7_000,
  samples: [4, 2, 3, 3, 3, 2],
  timeDeltas: [1_000, 1_000, 1_000, 1_000, 1_000, 1_000],
};

describe("cpu profile summary", () => {
  it("sums self time per function, largest first, with short locations", () => {
    const summary = selfTimes(profile);
    expect(summary.totalMs).toBe(6);
    expect(
      summary.functions.map((fn: { name: string; where: string; selfMs: number }) => [fn.name, fn.where, fn.selfMs]),
    ).toEqual([
      ["parse", "zod/v4/core/api.js:100", 3],
      ["handle", "services/gateway/dist/http/app.js:10", 2],
      ["(idle)", "", 1],
    ]);
    expect(summary.functions[0].share).toBeCloseTo(0.5);
  });

  it("leaves out samples before the given time", () => {
    // Sample times are 2000, 3000, …, 7000 µs; from 5000 on: parse, parse, handle.
    const summary = selfTimes(profile, { fromMicros: 5_000 });
    expect(summary.totalMs).toBe(3);
    expect(summary.functions.map((fn: { name: string }) => fn.name)).toEqual(["parse", "handle"]);
  });

  it("groups self time by package or Levy workspace", () => {
    expect(
      selfTimesByModule(profile).map((entry: { module: string; selfMs: number }) => [entry.module, entry.selfMs]),
    ).toEqual([
      ["zod", 3],
      ["services/gateway", 2],
      ["(idle)", 1],
    ]);
  });

  it("formats the top functions", () => {
    const text = formatSelfTimes(selfTimes(profile), 2);
    expect(text.split("\n")).toEqual([
      "total sampled: 6 ms",
      "  self ms   share  function  (location)",
      "      3.0   50.0%  parse  (zod/v4/core/api.js:100)",
      "      2.0   33.3%  handle  (services/gateway/dist/http/app.js:10)",
    ]);
  });
});
