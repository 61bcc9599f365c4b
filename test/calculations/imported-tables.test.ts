// Issue 18 item 4: imported ZIP rate tables (US_ZIP_RATES_PATH) as first-class data,
// through the gateway in embedded mode (rates involve no storage or events). The tables
// are small synthetic ones written here in the published column format; their rows are
// made up for the test, not taken from any published table.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { type SystemUnderTest, startEmbeddedSystem } from "../support/system.js";
import { type UsPlace, calculateAt } from "../support/us-calculation.js";

const header =
  "State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel";
// This month's tables are never stale while the test runs; March 2026's are past the
// 45-day horizon from 2026-05-16.
const now = new Date();
const thisMonth = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}`;

const tables: Record<string, string[]> = {
  // Denver: a made-up 5 % city rate in January (Levy's data says 5.15 %), 5.15 % in March.
  "TAXRATES_ZIP5_CO202601.csv": ["CO,80202,DENVER,0.090000,0.029000,0.000000,0.050000,0.011000,0"],
  "TAXRATES_ZIP5_CO202603.csv": ["CO,80202,DENVER,0.091500,0.029000,0.000000,0.051500,0.011000,0"],
  // Washington DC before its built-in 7 % from 2026-10-01.
  "TAXRATES_ZIP5_DC202603.csv": ["DC,20001,DISTRICT OF COLUMBIA,0.060000,0.060000,0.000000,0.000000,0.000000,0"],
  [`TAXRATES_ZIP5_NY${thisMonth}.csv`]: ["NY,10001,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000,0.003750,0"],
  // Provo: a state part that is not Utah's statutory 4.85 %, and local taxes Levy has no data for.
  [`TAXRATES_ZIP5_UT${thisMonth}.csv`]: ["UT,84601,PROVO,0.072500,0.048499,0.012500,0.011501,0.000000,0"],
  [`TAXRATES_ZIP5_PR${thisMonth}.csv`]: ["PR,00601,ADJUNTAS CO,0.115000,0.105000,0.010000,0.000000,0.000000,0"],
  // 51001 is an Iowa ZIP in Levy's ZIP data; part of it lies in South Dakota.
  [`TAXRATES_ZIP5_SD${thisMonth}.csv`]: ["SD,51001,UNION,0.042000,0.042000,0.000000,0.000000,0.000000,0"],
};

interface Entry {
  readonly jurisdiction_id: string;
  readonly jurisdiction_name: string;
  readonly tax_authority_type: string;
  readonly tax_authority_name: string;
  readonly tax_rate: number;
}

describe("imported ZIP rate tables (embedded)", () => {
  let dir: string;
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "levy-zip-tables-"));
    for (const [name, rows] of Object.entries(tables))
      await writeFile(path.join(dir, name), `${header}\n${rows.join("\n")}\n`);
    system = await startEmbeddedSystem({ US_ZIP_RATES_PATH: dir });
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "Imported tables")).testSecret;
  });
  afterAll(async () => {
    await system?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const AMOUNT = 1_000_000; // $10,000.00: the tax shows the rate to 1e-6
  async function at(place: UsPlace, amount = AMOUNT) {
    const body = await calculateAt(api, key, place, amount);
    return { body, entries: body.line_items[0].tax_jurisdictions as Entry[], tax: body.total_tax_amount as number };
  }

  it("answers from a table's month until the next table's month; before the first table, from built-in data", async () => {
    const before = await at({ state: "CO", zip: "80202", city: "Denver", day: "2025-12-15" });
    expect(before.body.rate_table).toBeUndefined();
    const january = await at({ state: "CO", zip: "80202", city: "Denver", day: "2026-02-10" });
    expect(january.tax).toBe(90_000);
    expect(january.body.rate_table).toEqual({ month: "2026-01", effective_from: "2026-01-01", stale: false });
    const march = await at({ state: "CO", zip: "80202", city: "Denver", day: "2026-03-10" });
    expect(march.tax).toBe(91_500);
    expect(march.body.rate_table).toEqual({ month: "2026-03", effective_from: "2026-03-01", stale: false });
  });

  it("never overrides a built-in change dated after the table's month (DC 7 % from 2026-10-01)", async () => {
    const april = await at({ state: "DC", zip: "20001", city: "Washington", day: "2026-04-10" });
    expect(april.tax).toBe(60_000);
    expect(april.body.rate_table.month).toBe("2026-03");
    const november = await at({ state: "DC", zip: "20001", city: "Washington", day: "2026-11-20" });
    expect(november.tax).toBe(70_000);
  });

  it("keeps answering from a table past its horizon, flags the answer, and /readyz warns", async () => {
    const stale = await at({ state: "CO", zip: "80202", city: "Denver", day: "2026-11-20" });
    expect(stale.tax).toBe(91_500);
    expect(stale.body.rate_table).toEqual({ month: "2026-03", effective_from: "2026-03-01", stale: true });
    const fresh = await at({ state: "NY", zip: "10001", city: "New York" });
    expect(fresh.body.rate_table.stale).toBe(false);

    const readyz = await fetch(`http://127.0.0.1:${system.opsPorts["calc-engine"]}/readyz`);
    expect(readyz.status).toBe(200);
    const body = (await readyz.json()) as { status: string; warnings: Array<{ check: string; message: string }> };
    expect(body.status).toBe("ready");
    const warned = body.warnings.filter((w) => w.check === "us_zip_rates").map((w) => w.message.slice(0, 2));
    expect(warned.sort()).toEqual(["CO", "DC"]);
  });

  it("keeps Levy's local taxability rules: NYC clothing under $110, groceries in Provo", async () => {
    const today = { state: "NY", zip: "10001", city: "New York" };
    expect((await at({ ...today, category: "CLOTHING_GENERAL" }, 5_000)).tax).toBe(0);
    expect((await at({ ...today, category: "CLOTHING_GENERAL" }, 20_000)).tax).toBe(1_775);
    expect((await at(today)).tax).toBe(88_750);
    const provo = { state: "UT", zip: "84601", city: "Provo" };
    const general = await at(provo);
    expect(general.tax).toBe(72_500); // the combined rate exactly, though the state part is not Levy's
    expect(general.entries[0]).toMatchObject({ jurisdiction_id: "US-UT", tax_rate: 0.0485 });
    expect((await at({ ...provo, category: "GROCERIES" })).tax).toBe(30_000);
  });

  it("keeps the collecting authority of a self-administered local tax (Denver) under the table's rate", async () => {
    const { entries } = await at({ state: "CO", zip: "80202", city: "Denver", day: "2026-02-10" });
    const denver = entries.find((e) => e.tax_authority_type === "CITY");
    expect(denver).toMatchObject({
      jurisdiction_id: "US-CO-CITY-DENVER",
      tax_rate: 0.05,
      tax_authority_name: "Denver Department of Finance, Treasury Division",
    });
    const state = entries.find((e) => e.jurisdiction_id === "US-CO");
    expect(state?.tax_authority_name).toBe("Colorado Department of Revenue");
  });

  it("splits Puerto Rico into its state and municipal parts", async () => {
    const response = await api("/tax/calculations", {
      key,
      version: "2026-03-01",
      body: {
        customer: { address: { address_city: "Adjuntas", address_postal_code: "00601", address_country: "PR" } },
        order_details: {
          customer_currency_code: "USD",
          line_items: [{ amount: AMOUNT, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
        },
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const entries = response.body.line_items[0].tax_jurisdictions as Entry[];
    expect(response.body.total_tax_amount).toBe(115_000);
    expect(entries.map((e) => e.tax_rate)).toEqual([0.105, 0.01]);
    expect(entries[1]!.jurisdiction_name).toMatch(/Adjuntas/i);
  });

  it("answers a ZIP that lies in two states from the row of the address's state", async () => {
    const answer = await at({ state: "SD", zip: "51001", city: "Akron" });
    expect(answer.tax).toBe(42_000);
    expect(answer.entries.map((e) => e.jurisdiction_id)).toEqual(["US-SD"]);
    expect(answer.body.address_used?.address_province ?? answer.body.customer_details?.address?.address_province).toBe(
      "SD",
    );
  });
});
