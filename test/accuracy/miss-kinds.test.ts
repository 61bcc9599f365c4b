// The kinds of misses the sweep's `--kinds` prints (accuracy/miss-kinds.mjs).
import { describe, expect, it } from "vitest";
import { classifyMisses, missKindShares } from "../../accuracy/miss-kinds.mjs";

const entry = (zip: string, region: string, diff: number, population: number, city: string, county: string) => ({
  state: "GA",
  zip,
  region,
  population,
  city,
  county,
  refused: false,
  diff,
});

describe("why sweep rows miss", () => {
  const postal = [
    entry("30001", "ATLANTA", 0, 100, "Atlanta", "Fulton"), // exact: no kind
    entry("30002", "DEKALB CO TSPLOST SP", -0.01, 100, "Snellville", "Gwinnett"),
    entry("30003", "PERRY", -0.02, 100, "Perry", "Houston"),
    entry("30004", "DOUGLAS", -0.01, 300, "Powder Springs", "Cobb"),
    entry("30005", "COLLEGE PARK", -0.001, 200, "Atlanta", "Fulton"),
    entry("30006", "POMONA", -0.01, 200, "Chino", "Douglas"),
  ];
  const byRegion = [
    entry("30005", "COLLEGE PARK", 0, 200, "Atlanta", "Fulton"),
    entry("30006", "POMONA", -0.01, 200, "Chino", "Douglas"),
  ];

  it("sorts each miss by what the table's region names and how the region as city fares", () => {
    const kinds = classifyMisses(postal, byRegion);
    expect(Object.fromEntries(kinds)).toEqual({
      "GA:30002": "district",
      "GA:30003": "samePlace",
      "GA:30004": "otherCounty",
      "GA:30005": "otherCity",
      "GA:30006": "unplaced",
    });
  });

  it("gives each kind's rows and share of the state's population", () => {
    const [ga, all] = missKindShares(postal, classifyMisses(postal, byRegion));
    expect(ga?.state).toBe("GA");
    expect(ga?.shares.otherCounty).toEqual({ rows: 1, popShare: 0.3 });
    expect(ga?.shares.refused).toEqual({ rows: 0, popShare: 0 });
    expect(all?.shares.otherCity).toEqual({ rows: 1, popShare: 0.2 });
  });
});
