// The accuracy sweep's arithmetic (accuracy/sweep-figures.mjs) on hand-made rows.
import { describe, expect, it } from "vitest";
import { compareRow, summarise } from "../../accuracy/sweep-figures.mjs";

const row = (state: string, zip: string, tableRate: number) => ({ state, zip, region: `R${zip}`, tableRate });
const record = (population: number) => ({ population, city: "Town", county: "County" });

describe("accuracy sweep figures", () => {
  const compared = [
    compareRow(row("GA", "30001", 0.08), record(300), { status: 200, rate: 0.08, coverage: "FULL" }), // exact
    compareRow(row("GA", "30002", 0.08), record(100), { status: 200, rate: 0.077, coverage: "FULL" }), // 0.3 pp low
    compareRow(row("GA", "30003", 0.08), record(100), { status: 200, rate: 0.04, coverage: "FULL" }), // 4 pp low, FULL
    compareRow(row("GA", "30004", 0.08), record(500), { status: 400, code: "invalid_address" }), // refused
    compareRow(row("DC", "20001", 0.06), record(0), { status: 200, rate: 0.0600000001, coverage: "FULL" }),
  ];
  const { states, total } = summarise(compared);

  it("counts rows as exact, within 0.5 pp, over 2 pp and refused", () => {
    const ga = states.find((line: { state: string }) => line.state === "GA");
    expect(ga).toMatchObject({ rows: 4, exact: 0.25, within: 0.5, over2: 0.25, refused: 1 });
  });

  it("weights by population and gives the share of the table's tax collected", () => {
    const ga = states.find((line: { state: string }) => line.state === "GA");
    expect(ga.popExact).toBeCloseTo(300 / 1000, 10);
    expect(ga.popWithin).toBeCloseTo(400 / 1000, 10);
    expect(ga.taxCollected).toBeCloseTo((300 * 0.08 + 100 * 0.077 + 100 * 0.04) / (1000 * 0.08), 10);
    expect(ga.popFullWrong).toBeCloseTo(100 / 1000, 10);
  });

  it("treats a rate within 1e-6 of the table's as exact, and a state without population as unknown", () => {
    const dc = states.find((line: { state: string }) => line.state === "DC");
    expect(dc).toMatchObject({ exact: 1, popExact: null, taxCollected: null });
    expect(total.rows).toBe(5);
  });
});
