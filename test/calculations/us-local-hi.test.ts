// Hawaii's county surcharges on the general excise tax (HRS § 46-16.8) through the gateway in
// embedded mode: all four counties levy 0.5% today, each from its own date (the County of
// Hawaiʻi's table of surcharge rates and the Maui County Council's notice, cited in
// services/calc-engine/data/us-local.json).
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

describe("Hawaii county surcharges on the general excise tax (embedded)", () => {
  const { charged } = embeddedUsCharges("US local HI", "2026-11-25");

  it("Honolulu 96813: 4% and the Oahu surcharge of 0.5%, since before Levy's earliest Hawaii date", async () => {
    expect((await charged("HI", "96813", "Honolulu", "2019-06-01")).rate).toBe(0.045);
    const c = await charged("HI", "96813", "Honolulu");
    expect(c.rate).toBe(0.045);
    expect(c.names).toContain("Oahu county surcharge");
    // Every county's surcharge is held: the answer is complete.
    expect(c.coverage).toBe("FULL");
  });

  it("Hilo 96720 (Hawaii County): 0.25% in 2019, 0.5% from 2020-01-01", async () => {
    expect((await charged("HI", "96720", "Hilo", "2019-06-01")).rate).toBe(0.0425);
    const c = await charged("HI", "96720", "Hilo", "2020-01-01");
    expect(c.rate).toBe(0.045);
    expect(c.names).toContain("Hawaiʻi county surcharge");
  });

  it("Lihue 96766 (Kauai County): 0.5% from 2019-01-01", async () => {
    const c = await charged("HI", "96766", "Lihue", "2019-01-01");
    expect(c.rate).toBe(0.045);
    expect(c.names).toContain("Kauaʻi county surcharge");
  });

  it("Kahului 96732 (Maui County): no surcharge until 2023-12-31, 0.5% from 2024-01-01", async () => {
    expect((await charged("HI", "96732", "Kahului", "2023-12-31")).rate).toBe(0.04);
    const c = await charged("HI", "96732", "Kahului", "2024-01-01");
    expect(c.rate).toBe(0.045);
    expect(c.names).toContain("Maui county surcharge");
  });
});
