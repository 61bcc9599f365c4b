// Researched Texas local sales taxes of round 9 through the gateway in embedded mode: the
// combined rate and the jurisdictions charged for addresses whose ZIP lies in a known county
// and city (SimpleMaps ZIP data). The rates come from the Texas Comptroller's change pages
// effective October 1, 2013 and October 1, 2014 (cpa.state.tx.us/taxinfo/local/4thqtr.html,
// two editions) and October 1, 2017 (comptroller.texas.gov/.../quarterly-updates/oct.php), and
// from its list of special purpose districts, cited in
// services/calc-engine/data/us-local-tx.json; each is held from the page's quarter.
import { describe, expect, it } from "vitest";
import { embeddedUsCharges } from "../support/us-calculation.js";

describe("US local sales taxes, round 9, Texas (embedded)", () => {
  const { charged } = embeddedUsCharges("US local r9 tx", "2026-11-28");

  it("Aubrey 76227: the city's 1.5% and its municipal development district's 0.5% (8.25%); the answer stays PARTIAL", async () => {
    const c = await charged("TX", "76227", "Aubrey");
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual(["Aubrey", "Aubrey Municipal Development District", "Texas"]);
    expect(c.coverage).toBe("PARTIAL");
  });

  it("Aubrey 76227: nothing local before 2014-10-01, the day the page dates (state only)", async () => {
    const before = await charged("TX", "76227", "Aubrey", "2014-09-30");
    expect(before.rate).toBe(0.0625);
    expect(before.coverage).toBe("STATE_ONLY");
    expect((await charged("TX", "76227", "Aubrey", "2014-10-01")).rate).toBe(0.0825);
  });

  it("Rogers 76569: the city's 1.25%, Bell County's 0.5% and the Rogers MDD's 0.25% (8.25%)", async () => {
    const c = await charged("TX", "76569", "Rogers");
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual(["Bell County", "Rogers", "Rogers Municipal Development District", "Texas"]);
  });

  it("Fayetteville 78940: the city's 1.5% and Fayette County's 0.5%, the county held from the 2014 page too (8.25%)", async () => {
    const c = await charged("TX", "78940", "Fayetteville", "2016-01-01");
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual(["Fayette County", "Fayetteville", "Texas"]);
    expect((await charged("TX", "78940", "Fayetteville")).rate).toBe(0.0825);
  });

  it.each([
    ["75163", "Trinidad"],
    ["75691", "Tatum"],
  ])("%s %s: the city's 1.5% with no county tax on the page (7.75%)", async (zip, city) => {
    const c = await charged("TX", zip, city);
    expect(c.rate).toBe(0.0775);
    expect(c.names).toEqual([city, "Texas"].sort());
    expect(c.coverage).toBe("PARTIAL");
  });

  it("Ropesville 79358: 1.5% until the October 2017 page raises the city to 2% (7.75% then 8.25%)", async () => {
    expect((await charged("TX", "79358", "Ropesville", "2017-09-30")).rate).toBe(0.0775);
    expect((await charged("TX", "79358", "Ropesville", "2017-10-01")).rate).toBe(0.0825);
  });

  it("Lavon 75166: 1.75% from the October 2013 page, 2% from the October 2017 page", async () => {
    expect((await charged("TX", "75166", "Lavon", "2015-01-01")).rate).toBe(0.08);
    const now = await charged("TX", "75166", "Lavon");
    expect(now.rate).toBe(0.0825);
    expect(now.names).toEqual(["Collin County", "Lavon", "Texas"]);
  });

  it("Newark 76071: the city's 1%, its municipal development district's 0.5% and Wise County's 0.5% (8.25%)", async () => {
    const c = await charged("TX", "76071", "Newark");
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual(["Newark", "Newark Municipal Development District", "Texas", "Wise County"]);
  });

  it("Petersburg 79250: the city's 1.5% and Hale County's 0.5% (8.25%)", async () => {
    const c = await charged("TX", "79250", "Petersburg");
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual(["Hale County", "Petersburg", "Texas"]);
  });

  it("Holland 76534: the citywide municipal development district's 0.25% from 2021-04-01 beside the city's 1% and Bell County's 0.5%", async () => {
    expect((await charged("TX", "76534", "Holland", "2021-03-31")).rate).toBe(0.0775);
    const now = await charged("TX", "76534", "Holland");
    expect(now.rate).toBe(0.08);
    expect(now.names).toEqual(["Bell County", "Holland", "Holland Municipal Development District", "Texas"]);
  });
});
