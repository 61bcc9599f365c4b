// Food and drug rates that differ from the general rate, checked through the gateway in
// embedded mode: the RTA's 1.25 % on qualifying food, drugs and medical appliances in Cook
// County (70 ILCS 3615/4.03(e)), and Arkansas' state tax on groceries repealed on
// 2026-01-01 (Act 1008 of 2025), each around its dates.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import { calculateAt, type UsPlace } from "../support/us-calculation.js";

describe("food and drug rates (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "Food and drugs")).testSecret;
  });
  afterAll(() => system?.stop());

  /** The tax on $1,000.00 and the RTA's rate in it. */
  async function taxed(place: UsPlace) {
    const body = await calculateAt(api, key, place, 100000);
    const entries: Array<{ jurisdiction_name: string; tax_rate: number }> = body.line_items[0].tax_jurisdictions;
    return { tax: body.total_tax_amount, rta: entries.find((e) => e.jurisdiction_name === "RTA tax")?.tax_rate };
  }

  const chicago = { state: "IL", zip: "60601", city: "Chicago" };

  it("Chicago groceries in 2025: the State's 1 % and the RTA's 1.25 % (Cook County and Chicago taxes do not apply)", async () => {
    expect(await taxed({ ...chicago, day: "2025-06-01", category: "GROCERIES" })).toEqual({ tax: 2250, rta: 0.0125 });
  });

  it("Chicago groceries in 2026: the State's 1 % is repealed, the RTA's 1.25 % stays", async () => {
    expect(await taxed({ ...chicago, day: "2026-03-01", category: "GROCERIES" })).toEqual({ tax: 1250, rta: 0.0125 });
  });

  it("Chicago prescription drugs: the State's 1 % and the RTA's 1.25 %; general merchandise keeps the RTA's 1 %", async () => {
    expect(await taxed({ ...chicago, day: "2026-03-01", category: "PRESCRIPTION_DRUGS" })).toEqual({
      tax: 2250,
      rta: 0.0125,
    });
    expect((await taxed({ ...chicago, day: "2026-03-01" })).rta).toBe(0.01);
  });

  it("Arkansas groceries lose the State's 0.125 % on 2026-01-01; local taxes are unchanged", async () => {
    const littleRock = { state: "AR", zip: "72201", city: "Little Rock", category: "GROCERIES" };
    const before = await taxed({ ...littleRock, day: "2025-12-31" });
    const after = await taxed({ ...littleRock, day: "2026-01-01" });
    expect(before.tax - after.tax).toBe(125);
    const general = await taxed({ ...littleRock, category: "GENERAL_MERCHANDISE", day: "2026-01-01" });
    expect(general.tax).toBeGreaterThanOrEqual(6500);
  });
});
