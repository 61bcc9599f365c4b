// Florida's discretionary sales surtax taxes only the first $5,000 of a single item
// (Fla. Stat. § 212.054(2)(b)1.), through the gateway in embedded mode: the state's 6 %
// on the whole price, the county's surtax on at most $5,000 of each unit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";

describe("per-unit cap on Florida's surtax (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "Unit price cap")).testSecret;
  });
  afterAll(() => system?.stop());

  /** Miami (Miami-Dade County, 1 % surtax) on 2026-06-01. */
  async function miami(line: { amount: number; quantity: number }, taxBehavior?: "inclusive") {
    const response = await api("/tax/calculations", {
      key,
      version: "2026-03-01",
      body: {
        customer: {
          address: {
            address_line_1: "1 Main St",
            address_city: "Miami",
            address_province: "FL",
            address_postal_code: "33130",
            address_country: "US",
          },
        },
        order_details: {
          customer_currency_code: "USD",
          ...(taxBehavior ? { tax_behavior: taxBehavior } : {}),
          line_items: [{ ...line, product_category: "GENERAL_MERCHANDISE", reference_line_item_id: "l1" }],
        },
        transacted_at: Math.floor(Date.parse("2026-06-01T12:00:00Z") / 1000),
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  it("a $6,000 item: 6 % of $6,000 and 1 % of $5,000, and the answer says so", async () => {
    const body = await miami({ amount: 600_000, quantity: 1 });
    expect(body.total_tax_amount).toBe(41_000);
    expect(body.rate_coverage).toBe("FULL");
    const surtax = body.line_items[0].tax_jurisdictions.find((j: any) => j.jurisdiction_id.includes("-COUNTY-"));
    expect(surtax.note).toContain("first 5000.00 USD of each unit");
  });

  it("two $6,000 items: the cap is per unit", async () => {
    expect((await miami({ amount: 1_200_000, quantity: 2 })).total_tax_amount).toBe(82_000);
  });

  it("a $4,000 item is taxed in full at 7 %", async () => {
    expect((await miami({ amount: 400_000, quantity: 1 })).total_tax_amount).toBe(28_000);
  });
});
