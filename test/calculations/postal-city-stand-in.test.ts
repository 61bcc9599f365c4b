// A postal city that is no municipality (a part of a city, a census-designated place) through
// the gateway in embedded mode: the municipality covering most of the ZIP's land stands in for
// it, and the answer says the place was approximated; a mostly unincorporated ZIP keeps the
// county alone (docs/decisions.md, "A postal city that is no municipality").
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

describe("postal cities that are no municipality (embedded)", () => {
  const { charged, calculate } = embeddedUsCharges("postal city stand-in", "2026-03-15");

  it("Kingwood 77345, a part of Houston since 1996: Houston's and METRO's taxes, 8.25%, approximated", async () => {
    const c = await charged("TX", "77345", "Kingwood");
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual(["Harris County", "Houston", "Houston MTA", "Texas"]);
    const body = await calculate({ state: "TX", zip: "77345", city: "Kingwood", day: "2026-03-15" }, 10000);
    expect(body.resolution_precision).toBe("APPROXIMATED");
    expect(body.address_used.address_city).toBe("Kingwood");
  });

  it("Spring 77379, a census-designated place in a mostly unincorporated ZIP: the state's 6.25% alone, as before", async () => {
    const c = await charged("TX", "77379", "Spring");
    expect(c.rate).toBe(0.0625);
  });
});
