// Researched Texas local sales taxes of round 6 through the gateway in embedded mode: the
// combined rate and the jurisdictions charged for addresses whose ZIP lies in a known county
// and city (SimpleMaps ZIP data). The rates come from the publications cited in
// services/calc-engine/data/us-local-tx.json (the Comptroller's rate-change pages and rate
// information report, a city's own page or official statement).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import { chargedAt } from "../support/us-calculation.js";

const TODAY = "2026-11-25";

describe("US local sales taxes, round 6, Texas (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "US local r6 tx")).testSecret;
  });
  afterAll(() => system?.stop());

  /** $1,000.00 of general merchandise delivered to the ZIP on the day. */
  const charged = (zip: string, city: string, day = TODAY) => chargedAt(api, key, { state: "TX", zip, city, day });

  it("Palmview 78572: the city's 1.5% and its municipal development district's 0.5% from 2021-04-01 (8.25%), none before", async () => {
    const now = await charged("78572", "Palmview");
    expect(now.rate).toBe(0.0825);
    expect(now.names).toEqual(["Palmview", "Palmview Municipal Development District", "Texas"]);
    expect(now.coverage).toBe("PARTIAL");
    const before = await charged("78572", "Palmview", "2021-03-31");
    expect(before.rate).toBe(0.0625);
    expect(before.coverage).toBe("STATE_ONLY");
  });

  it("Gustine 76455 (Comanche County 0.5%): 8.25% until the city dropped its street tax on 2021-04-01, 7.75% after", async () => {
    expect((await charged("76455", "Gustine", "2021-03-31")).rate).toBe(0.0825);
    const now = await charged("76455", "Gustine");
    expect(now.rate).toBe(0.0775);
    expect(now.names).toEqual(["Comanche County", "Gustine", "Texas"]);
  });

  it("Port Arthur 77640 (Jefferson County 0.5%): 8.125% in early 2021, 8.25% from the city's 1.5% of 2021-04-01", async () => {
    expect((await charged("77640", "Port Arthur", "2021-02-15")).rate).toBe(0.08125);
    expect((await charged("77640", "Port Arthur")).rate).toBe(0.0825);
  });

  it("Paris 75460: the city's 1.5% (official statement) and Lamar County's 0.5%: 8.25%", async () => {
    const c = await charged("75460", "Paris");
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual(["Lamar County", "Paris", "Texas"]);
  });

  it("Aransas Pass 78336: the city's 1% with its crime control and development districts' 0.5% each (8.25%)", async () => {
    const c = await charged("78336", "Aransas Pass");
    expect(c.rate).toBe(0.0825);
    expect(c.names).toEqual([
      "Aransas Pass",
      "Aransas Pass Crime Control and Prevention District",
      "Aransas Pass Municipal Development District",
      "Texas",
    ]);
  });

  it("Charlotte 78011: the city's 1.5% and Atascosa County's 0.5% from 2019-07-01 (8.25%)", async () => {
    expect((await charged("78011", "Charlotte")).rate).toBe(0.0825);
    expect((await charged("78011", "Charlotte", "2019-06-30")).rate).toBe(0.0625);
  });

  it("Robstown 78380 (Nueces County): the Corpus Christi RTA's 0.5%, which covers the whole county but two towns (6.75%)", async () => {
    const c = await charged("78380", "Robstown");
    expect(c.rate).toBe(0.0675);
    expect(c.names).toContain("Corpus Christi Regional Transportation Authority");
    expect(c.coverage).toBe("PARTIAL");
  });

  it("Combes 78535: the city's 1.75% from the Comptroller's 2016 rate report (8.0%); the answer stays PARTIAL", async () => {
    const c = await charged("78535", "Combes");
    expect(c.rate).toBe(0.08);
    expect(c.coverage).toBe("PARTIAL");
  });
});
