// Issue 18 item 1: rate_coverage says FULL only when every tax levied at the place is in
// Levy's data. A local entry found proves nothing about the others: a state's local data
// is complete only where the data says so (local_data_complete, with the publication
// that lists every local tax); otherwise the answer is PARTIAL (some local taxes known)
// or STATE_ONLY (none). Through the gateway, embedded mode (no storage or events involved).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { type SystemUnderTest, startEmbeddedSystem } from "../support/system.js";
import { calculateAt } from "../support/us-calculation.js";

describe("rate_coverage is honest about local taxes", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  const coverageAt = async (province: string, postal: string, city: string, transactedAt?: number) => {
    const day = transactedAt === undefined ? undefined : new Date(transactedAt * 1000).toISOString().slice(0, 10);
    const answer = await calculateAt(api, key, { state: province, zip: postal, city, day }, 10000);
    return { coverage: answer.rate_coverage as string, tax: answer.total_tax_amount as number };
  };

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "Coverage")).testSecret;
  });
  afterAll(() => system?.stop());

  it("is FULL in a state whose every local tax is in the data, inside and outside the taxing counties", async () => {
    // Pennsylvania: only Philadelphia (2 %) and Allegheny County (1 %) levy a local tax.
    expect(await coverageAt("PA", "19103", "Philadelphia")).toEqual({ coverage: "FULL", tax: 800 });
    expect(await coverageAt("PA", "15222", "Pittsburgh")).toEqual({ coverage: "FULL", tax: 700 });
    expect(await coverageAt("PA", "17101", "Harrisburg")).toEqual({ coverage: "FULL", tax: 600 });
  });

  it("is FULL where researched state data lists every local tax, from the claim's date, except where the data says a tax is missing", async () => {
    const afterOhioClaim = Date.UTC(2026, 0, 15) / 1000;
    expect((await coverageAt("NV", "89101", "Las Vegas")).coverage).toBe("FULL");
    expect((await coverageAt("OH", "44308", "Akron", afterOhioClaim)).coverage).toBe("FULL");
    expect((await coverageAt("OH", "44308", "Akron", Date.UTC(2024, 0, 15) / 1000)).coverage).toBe("STATE_ONLY"); // before the July 2024 list: no Summit County rate held
    expect((await coverageAt("OH", "43015", "Delaware", afterOhioClaim)).coverage).toBe("PARTIAL"); // COTA's part of Delaware County is not held
    expect((await coverageAt("WI", "53703", "Madison")).coverage).toBe("FULL");
    expect((await coverageAt("VA", "23219", "Richmond")).coverage).toBe("FULL");
    expect((await coverageAt("AZ", "85004", "Phoenix")).coverage).toBe("PARTIAL");
  });

  it("is FULL in a state without local sales taxes", async () => {
    expect((await coverageAt("NJ", "07302", "Jersey City")).coverage).toBe("FULL");
    expect((await coverageAt("IN", "46204", "Indianapolis")).coverage).toBe("FULL");
  });

  it("is PARTIAL where some local taxes are known but the state's local data is not complete", async () => {
    // Houston: the city and transit taxes are in the data; Texas's other local taxes are not all.
    const houston = await coverageAt("TX", "77002", "Houston");
    expect(houston.coverage).toBe("PARTIAL");
    expect(houston.tax).toBeGreaterThan(625);
  });

  it("is STATE_ONLY where no local tax of a state with local taxes is known", async () => {
    expect(await coverageAt("WY", "82930", "Evanston")).toEqual({ coverage: "STATE_ONLY", tax: 400 }); // Uinta County: none held (Laramie County now is)
  });

  it("is not FULL where the ZIP lies in several counties and the address does not settle which", async () => {
    // 34787 (postal city Winter Garden) lies in Orange County (6.5 %) and Lake County (7 %):
    // the ZIP's main county is taken, but which county's surtax applies is not known.
    expect(await coverageAt("FL", "34787", "Winter Garden")).toEqual({ coverage: "PARTIAL", tax: 650 });
    // 32003 (Fleming Island) lies in Clay County alone: Florida's list is complete there.
    expect(await coverageAt("FL", "32003", "Fleming Island")).toEqual({ coverage: "FULL", tax: 750 });
  });
});
