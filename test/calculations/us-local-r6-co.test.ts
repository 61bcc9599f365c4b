// Colorado's local sales taxes of round 6 (group co) through the gateway in embedded mode:
// the combined rate, the jurisdictions charged and who each tax is filed with, for addresses
// whose ZIP lies in a known county and city (SimpleMaps ZIP data). The rates come from the
// publications cited in services/calc-engine/data/us-local-co.json (the DOR's DR 1002 and its
// rate-change pages).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import { calculateAt, chargedAt } from "../support/us-calculation.js";

const DAY = "2026-03-15";
const DOR = "Colorado Department of Revenue";

describe("Colorado local sales taxes, round 6 group co (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "US local r6 co")).testSecret;
  });
  afterAll(() => system?.stop());

  /** $1,000.00 of general merchandise delivered to the ZIP on the day. */
  const charged = (zip: string, city: string, day = DAY) => chargedAt(api, key, { state: "CO", zip, city, day });
  /** Each jurisdiction's name and the authority its tax is filed with. */
  const authorities = async (zip: string, city: string, day = DAY) => {
    const body = await calculateAt(api, key, { state: "CO", zip, city, day }, 100000);
    const entries: Array<{ jurisdiction_name: string; tax_authority_name: string }> =
      body.line_items[0].tax_jurisdictions;
    return Object.fromEntries(entries.map((e) => [e.jurisdiction_name, e.tax_authority_name]));
  };

  it("Lakewood on 80226 (postal city Denver) is taxed by Lakewood, not Denver: 7.5%, PARTIAL", async () => {
    const c = await charged("80226", "Lakewood");
    expect(c.rate).toBe(0.075);
    expect(c.names).toEqual([
      "Colorado",
      "Jefferson County",
      "Lakewood",
      "Regional Transportation District",
      "Scientific and Cultural Facilities District",
    ]);
    expect(c.coverage).toBe("PARTIAL");
    expect(await authorities("80226", "Lakewood")).toMatchObject({
      Lakewood: "City of Lakewood",
      "Jefferson County": DOR,
    });
  });

  it("Denver on the same ZIP: 9.15%, the city and county of Denver supersedes Jefferson County's tax", async () => {
    const c = await charged("80226", "Denver");
    expect(c.rate).toBe(0.0915);
    expect(c.names).not.toContain("Jefferson County");
    expect(c.names).toContain("Denver sales tax");
  });

  it("Commerce City 80022: 9.25% (city 4.5%, Adams County 0.75%, RTD 1%, SCFD 0.1%), the city's tax filed with the city", async () => {
    const c = await charged("80022", "Commerce City");
    expect(c.rate).toBe(0.0925);
    expect(c.coverage).toBe("PARTIAL");
    const filedWith = await authorities("80022", "Commerce City");
    expect(filedWith).toMatchObject({
      "Commerce City": "City of Commerce City",
      "Adams County": DOR,
      "Regional Transportation District": DOR,
    });
  });

  it("Boulder 80302: 9.045% before Boulder County's increase of 2026-01-01, 9.195% after", async () => {
    expect((await charged("80302", "Boulder", "2025-12-31")).rate).toBe(0.09045);
    expect((await charged("80302", "Boulder")).rate).toBe(0.09195);
  });

  it("Fort Collins 80521: 8.05% before Larimer County's 1.05% of 2026-01-01, 8.3% after; no RTD outside the district", async () => {
    expect((await charged("80521", "Fort Collins", "2025-12-31")).rate).toBe(0.0805);
    const c = await charged("80521", "Fort Collins");
    expect(c.rate).toBe(0.083);
    expect(c.names).not.toContain("Regional Transportation District");
  });

  it("Colorado Springs 80903 pays the PPRTA (8.2%); Fountain 80817, not a member, does not (7.53%)", async () => {
    const springs = await charged("80903", "Colorado Springs");
    expect(springs.rate).toBe(0.082);
    expect(springs.names).toContain("Pikes Peak Rural Transportation Authority");
    const fountain = await charged("80817", "Fountain");
    expect(fountain.rate).toBe(0.0753);
    expect(fountain.names).not.toContain("Pikes Peak Rural Transportation Authority");
  });

  it("a state-collected town's tax is filed with the DOR: Estes Park 80517, 8.95%", async () => {
    expect((await charged("80517", "Estes Park")).rate).toBe(0.0895);
    expect(await authorities("80517", "Estes Park")).toMatchObject({ "Estes Park": DOR, "Larimer County": DOR });
  });

  it("Aspen 81611, state-administered since 2025: 9.8% before its 2.7% of 2026-01-01, 10.6% after (with the Aspen Fire Protection District's 0.5% of round 8), filed with the DOR", async () => {
    expect((await charged("81611", "Aspen", "2025-12-31")).rate).toBe(0.098);
    const c = await charged("81611", "Aspen");
    expect(c.rate).toBe(0.106);
    expect(c.names).toContain("Pitkin County Mass Transit System");
    expect(await authorities("81611", "Aspen")).toMatchObject({ Aspen: DOR });
  });

  it("Castle Rock 80104 is outside the SCFD and the RTD: 8.1% (town 4.2%, Douglas County 1%)", async () => {
    const c = await charged("80104", "Castle Rock");
    expect(c.rate).toBe(0.081);
    expect(c.names).toEqual(["Castle Rock", "Colorado", "Douglas County"]);
  });

  it("Westminster 80031: 8.6% in 2025; in 2026 the official 3.85% is held as a floor until an official source gives the new rate", async () => {
    expect((await charged("80031", "Westminster", "2025-12-31")).rate).toBe(0.086);
    expect((await charged("80031", "Westminster")).rate).toBe(0.086); // r8-mtn: the round 7 rule (old rate held as a floor)
  });
});
