// Local sales taxes from the Minnesota Department of Revenue's Streamlined Sales Tax rate file
// MNR2026Q2FEB18 (group "sst1", issue 18 item 3), converted by accuracy/sst-rates-to-levy.mjs,
// through the gateway in embedded mode: the combined rate, the jurisdictions charged, the
// coverage and a dated change. Sources are cited in services/calc-engine/data/us-local-mn.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-03-15";

describe("US local sales taxes from the Minnesota SST rate file (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r6 sst1", TODAY);

  it("Austin 55912: Mower County's 0.5% and the city's 0.5% on the state's 6.875%", async () => {
    const austin = await charged("MN", "55912", "Austin");
    expect(austin.rate).toBe(0.07875);
    expect(austin.tax).toBe(7875);
    expect(austin.names).toEqual(expect.arrayContaining(["Mower County sales tax", "Austin sales tax"]));
    expect(austin.coverage).toBe("PARTIAL");
  });

  it("St. Cloud 56303 (Stearns County): the St. Cloud Area 0.5%, the county's 0.25% and its 0.375% from 2025-04-01", async () => {
    expect((await charged("MN", "56303", "St. Cloud", "2025-03-31")).rate).toBe(0.07625);
    const stCloud = await charged("MN", "56303", "St. Cloud");
    expect(stCloud.rate).toBe(0.08);
    expect(stCloud.names).toEqual(
      expect.arrayContaining([
        "St. Cloud Area sales tax",
        "Stearns County transit sales tax",
        "Stearns County sales tax",
      ]),
    );
  });

  it("Brainerd 56401: Crow Wing County's 0.5% and the city's 0.5%", async () => {
    const brainerd = await charged("MN", "56401", "Brainerd");
    expect(brainerd.rate).toBe(0.07875);
    expect(brainerd.names).toEqual(expect.arrayContaining(["Crow Wing County sales tax", "Brainerd sales tax"]));
  });

  it("Woodbury 55125 (Washington County): the city's 0.5% from 2025-04-01 on the metro taxes", async () => {
    expect((await charged("MN", "55125", "Woodbury", "2025-03-31")).rate).toBe(0.08375);
    const woodbury = await charged("MN", "55125", "Woodbury");
    expect(woodbury.rate).toBe(0.08875);
    expect(woodbury.names).toContain("Woodbury sales tax");
  });

  it("Hermantown 55811 (St. Louis County): the city's 1% became 1.5% on 2023-04-01", async () => {
    expect((await charged("MN", "55811", "Hermantown", "2023-03-31")).rate).toBe(0.08375);
    expect((await charged("MN", "55811", "Hermantown")).rate).toBe(0.08875);
  });

  it("Lanesboro 55949 (Fillmore County): the city's 0.5% ended on 2024-12-31, the county's 0.5% goes on", async () => {
    expect((await charged("MN", "55949", "Lanesboro", "2024-12-31")).rate).toBe(0.07875);
    const lanesboro = await charged("MN", "55949", "Lanesboro");
    expect(lanesboro.rate).toBe(0.07375);
    expect(lanesboro.names).not.toContain("Lanesboro sales tax");
  });

  it("Grand Rapids 55744 (Itasca County): the county's 1% and the city's 0.5% both from 2023-04-01", async () => {
    expect((await charged("MN", "55744", "Grand Rapids", "2023-03-31")).rate).toBe(0.06875);
    const grandRapids = await charged("MN", "55744", "Grand Rapids");
    expect(grandRapids.rate).toBe(0.08375);
    expect(grandRapids.names).toEqual(expect.arrayContaining(["Itasca County sales tax", "Grand Rapids sales tax"]));
  });
});
