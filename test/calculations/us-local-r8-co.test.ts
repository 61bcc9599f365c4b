// Colorado's local sales taxes of round 8, group co, through the gateway in embedded mode:
// the special districts new on 2026-01-01 held with the municipality each was formed around
// (Evans, Aspen and Carbondale fire protection districts) and the Ute Pass Regional Health
// Service District in Woodland Park, before and after each dated start. The rates come from
// the publications cited in services/calc-engine/data/us-local-co.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const DAY = "2026-03-15";
const DOR = "Colorado Department of Revenue";

describe("Colorado local sales taxes, round 8 group co (embedded)", () => {
  const { charged, calculate } = embeddedUsCharges("US local r8 co", DAY);

  /** Each jurisdiction's name and the authority its tax is filed with. */
  const authorities = async (zip: string, city: string, day = DAY) => {
    const body = await calculate({ state: "CO", zip, city, day }, 100000);
    const entries: Array<{ jurisdiction_name: string; tax_authority_name: string }> =
      body.line_items[0].tax_jurisdictions;
    return Object.fromEntries(entries.map((e) => [e.jurisdiction_name, e.tax_authority_name]));
  };

  it("Evans 80620: the Evans Fire Protection District's 1% from 2026-01-01 (7.4% the day before, 8.4% after), PARTIAL", async () => {
    expect((await charged("CO", "80620", "Evans", "2025-12-31")).rate).toBe(0.074);
    const c = await charged("CO", "80620", "Evans");
    expect(c.rate).toBe(0.084);
    expect(c.names).toEqual(["Colorado", "Evans", "Evans Fire Protection District", "Weld County"]);
    expect(c.coverage).toBe("PARTIAL");
    // The city self-collects its own tax; the district's is collected by the DOR.
    expect(await authorities("80620", "Evans")).toMatchObject({
      Evans: "City of Evans",
      "Evans Fire Protection District": DOR,
    });
  });

  it("Greeley 80631 is outside the Evans district as Levy holds it: the city's tax alone (7.01%)", async () => {
    const c = await charged("CO", "80631", "Greeley");
    expect(c.rate).toBe(0.0701);
    expect(c.names).not.toContain("Evans Fire Protection District");
  });

  it("Woodland Park 80863: Ute Pass Regional Health Service District 1.5% with the city's 3% from 2025-07-01 (8.4%)", async () => {
    const c = await charged("CO", "80863", "Woodland Park");
    expect(c.rate).toBe(0.084);
    expect(c.names).toEqual([
      "Colorado",
      "Teller County",
      "Ute Pass Regional Health Service District",
      "Woodland Park",
    ]);
    expect(c.coverage).toBe("PARTIAL");
    expect(await authorities("80863", "Woodland Park")).toMatchObject({
      "Woodland Park": "City of Woodland Park",
      "Ute Pass Regional Health Service District": DOR,
    });
  });

  it("Woodland Park before 2025-07-01: no Ute Pass district charged (its 0.5% of the earlier editions is not placed there)", async () => {
    const c = await charged("CO", "80863", "Woodland Park", "2025-06-30");
    expect(c.names).not.toContain("Ute Pass Regional Health Service District");
  });

  it("Cripple Creek 80813 (Teller County, outside Woodland Park): no Ute Pass district charged", async () => {
    const c = await charged("CO", "80813", "Cripple Creek");
    expect(c.names).not.toContain("Ute Pass Regional Health Service District");
  });

  it("Aspen 81611: the Aspen Fire Protection District's 0.5% from 2026-01-01 (10.1% without it, 10.6% with it)", async () => {
    const before = await charged("CO", "81611", "Aspen", "2025-12-31");
    expect(before.names).not.toContain("Aspen Fire Protection District");
    const c = await charged("CO", "81611", "Aspen");
    expect(c.rate).toBe(0.106);
    expect(c.names).toContain("Aspen Fire Protection District");
    expect(c.coverage).toBe("PARTIAL");
  });

  it("Carbondale: the Carbondale and Rural Fire Protection District's 1.5% from 2026-01-01, not before", async () => {
    const before = await charged("CO", "81623", "Carbondale", "2025-12-31");
    const after = await charged("CO", "81623", "Carbondale");
    expect(before.names).not.toContain("Carbondale and Rural Fire Protection District");
    expect(after.names).toContain("Carbondale and Rural Fire Protection District");
    expect(Math.round((after.rate - before.rate) * 1e6) / 1e6).toBe(0.015);
  });
});
