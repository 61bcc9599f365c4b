// Researched local sales taxes of round 9, group mo (Missouri, by the ZIPs where Levy collected
// the most too little) through the gateway in embedded mode: the combined rate, the
// jurisdictions charged and the coverage, before and after a dated change. The rates come from
// the publications cited in services/calc-engine/data/us-local-mo.json.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 9 group mo (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r9 mo", TODAY);

  // Missouri's counties are held from the DOR's January 2026 table only, so a day before 2026
  // charges the state and the city. Branson's public safety half-cent (2018-04-01) predates
  // Levy's Missouri data (2019-01-01): its first day already charges the city's 2%.
  it("Branson 65616: the city's 2% alone on 2025-12-31; with Taney County's 2.125% from 2026, 8.35%, PARTIAL", async () => {
    const before = await charged("MO", "65616", "Branson", "2025-12-31");
    expect(before.rate).toBe(0.06225);
    expect(before.names).toEqual(["Branson", "Missouri"]);
    const after = await charged("MO", "65616", "Branson");
    expect(after.rate).toBe(0.0835);
    expect(after.names).toEqual(["Branson", "Missouri", "Taney County"]);
    expect(after.coverage).toBe("PARTIAL");
  });

  it("Kirkwood: its 1.5% over St. Louis County's 3.513% (9.238%), also for 63122's postal city 'Saint Louis'", async () => {
    const named = await charged("MO", "63122", "Kirkwood");
    expect(named.rate).toBe(0.09238);
    expect(named.names).toEqual(["Kirkwood", "Missouri", "St. Louis County"]);
    expect((await charged("MO", "63122", "Saint Louis")).rate).toBe(0.09238);
  });

  it("Ballwin 63011 and 63021: the capital improvement and park half-cents over St. Louis County (8.738%)", async () => {
    const c = await charged("MO", "63011", "Ballwin");
    expect(c.rate).toBe(0.08738);
    expect(c.names).toEqual(["Ballwin", "Missouri", "St. Louis County"]);
    expect((await charged("MO", "63021", "Ballwin")).rate).toBe(0.08738);
  });

  it("Lake St. Louis 63367: the city's 2% over St. Charles County's 1.725% (7.95%), under the postal and the Census spelling", async () => {
    const postal = await charged("MO", "63367", "Lake Saint Louis");
    expect(postal.rate).toBe(0.0795);
    expect(postal.names).toEqual(["Lake St. Louis", "Missouri", "St. Charles County"]);
    expect((await charged("MO", "63367", "Lake St. Louis")).rate).toBe(0.0795);
  });

  it("Troy 63379: the city's 2% over Lincoln County's 2.75% (8.975%)", async () => {
    const c = await charged("MO", "63379", "Troy");
    expect(c.rate).toBe(0.08975);
    expect(c.names).toEqual(["Lincoln County", "Missouri", "Troy"]);
  });
  it("Hannibal 63401: the city's 2.25% until its infrastructure half-cent of 2023-01-01; with Marion County's 1.875% today, 8.85%", async () => {
    const before = await charged("MO", "63401", "Hannibal", "2022-12-31");
    expect(before.rate).toBe(0.06475);
    expect(before.names).toEqual(["Hannibal", "Missouri"]);
    const after = await charged("MO", "63401", "Hannibal");
    expect(after.rate).toBe(0.0885);
    expect(after.names).toEqual(["Hannibal", "Marion County", "Missouri"]);
    expect(after.coverage).toBe("PARTIAL");
  });

  it("St. Ann 63074: the city's 1.25% and its city-wide TDD's 1% over St. Louis County (9.988%)", async () => {
    const c = await charged("MO", "63074", "Saint Ann");
    expect(c.rate).toBe(0.09988);
    expect(c.names).toEqual([
      "Missouri",
      "St. Ann",
      "St. Ann City-wide Transportation Development District",
      "St. Louis County",
    ]);
  });

  it("Town and Country: its 1.25% over St. Louis County (8.988%), also for 63131's postal city 'Saint Louis'", async () => {
    expect((await charged("MO", "63131", "Town and Country")).rate).toBe(0.08988);
    expect((await charged("MO", "63131", "Saint Louis")).rate).toBe(0.08988);
  });
  it("Normandy: its three half-cents over St. Louis County (9.238%), also for 63121's postal city 'Saint Louis'", async () => {
    const named = await charged("MO", "63121", "Normandy");
    expect(named.rate).toBe(0.09238);
    expect(named.names).toEqual(["Missouri", "Normandy", "St. Louis County"]);
    expect((await charged("MO", "63121", "Saint Louis")).rate).toBe(0.09238);
  });
  it("Crestwood 63126: the city's 1.5% over St. Louis County (9.238%) for the postal city 'Saint Louis'", async () => {
    const c = await charged("MO", "63126", "Saint Louis");
    expect(c.rate).toBe(0.09238);
    expect(c.names).toEqual(["Crestwood", "Missouri", "St. Louis County"]);
  });
});
