// The municipality, not the post office (issue 18 item 2), through the gateway in embedded
// mode: within a ZIP shared by several places, counties or states, the address's city and
// state pick the taxing jurisdictions; a city Levy does not know falls back to the ZIP's
// default place and says so with `resolution_precision: APPROXIMATED`, and so does a postal
// city that is a municipality the ZIP never enters (the Census Bureau's 2020 ZCTA to Place
// data: 55124 "Saint Paul" lies wholly in Apple Valley).
// ZIPs, counties and postal cities are those of geo-resolver's ZIP data (SimpleMaps): 80226
// and 80216 have the postal city "Denver" but lie mostly in Jefferson and partly in Adams
// County; 19973 (Seaford DE) reaches into Dorchester County MD; 82063 is a WY ZIP lying
// mostly in Larimer County CO; 57270 (Veblen SD) lies in South Dakota by its residents, but
// its mail routes cross into North Dakota.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";
import { calculateAt, type UsPlace } from "../support/us-calculation.js";

const AMOUNT = 1_000_000;
const DAY = "2026-03-15";

describe("municipality and state from the address within a shared ZIP (embedded)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    api = createApi(system.restUrl);
    key = (await createAccount(system.restUrl, system.adminToken, "Municipality")).testSecret;
  });
  afterAll(() => system?.stop());

  const calculate = (place: Omit<UsPlace, "day">) => calculateAt(api, key, { ...place, day: DAY }, AMOUNT);
  const idsOf = (body: any): string[] =>
    body.line_items[0].tax_jurisdictions.map((entry: { jurisdiction_id: string }) => entry.jurisdiction_id);

  it("Lakewood CO on a ZIP whose postal city is Denver is not taxed by Denver", async () => {
    const body = await calculate({ state: "CO", zip: "80226", city: "Lakewood" });
    expect(idsOf(body)).toContain("US-CO");
    expect(idsOf(body)).not.toContain("US-CO-CITY-DENVER");
    expect(body).toMatchObject({
      resolution_precision: "POSTAL",
      address_resolution_status: "POSTAL_AND_CITY",
      address_used: { address_city: "Lakewood", address_province: "CO" },
    });
  });

  it("Denver on the same ZIP is taxed by Denver", async () => {
    const body = await calculate({ state: "CO", zip: "80226", city: "Denver" });
    expect(idsOf(body)).toContain("US-CO-CITY-DENVER");
    expect(body.resolution_precision).toBe("POSTAL");
  });

  it("the city picks the county among the ZIP's: Commerce City on 80216 is Adams County, not Denver", async () => {
    const body = await calculate({ state: "CO", zip: "80216", city: "Commerce City" });
    expect(idsOf(body)).toContain("US-CO-COUNTY-ADAMS");
    expect(idsOf(body)).not.toContain("US-CO-CITY-DENVER");
    expect(idsOf(body)).not.toContain("US-CO-COUNTY-DENVER");
    expect(body).toMatchObject({ resolution_precision: "POSTAL", address_resolution_status: "POSTAL_AND_CITY" });
  });

  it("spelling variants of a place name are one place (case, punctuation, Saint/St.)", async () => {
    const body = await calculate({ state: "CO", zip: "80216", city: "COMMERCE  CITY." });
    expect(idsOf(body)).toContain("US-CO-COUNTY-ADAMS");
    expect(idsOf(body)).not.toContain("US-CO-CITY-DENVER");
  });

  it("Ft./Mt. abbreviations name the same place: Ft. Worth on 76102 is Fort Worth, not a guess", async () => {
    const body = await calculate({ state: "TX", zip: "76102", city: "Ft. Worth" });
    expect(idsOf(body)).toContain("US-TX-CITY-FORT_WORTH");
    expect(body).toMatchObject({ resolution_precision: "POSTAL", address_resolution_status: "POSTAL_AND_CITY" });
  });

  it("a city Levy does not know falls back to the ZIP's default place, marked APPROXIMATED", async () => {
    const body = await calculate({ state: "CO", zip: "80226", city: "Qwertyville" });
    expect(idsOf(body)).toContain("US-CO-CITY-DENVER");
    expect(body).toMatchObject({
      resolution_precision: "APPROXIMATED",
      address_resolution_status: "POSTAL_CITY_UNKNOWN",
    });
  });

  it("no city keeps the ZIP's default place at POSTAL precision", async () => {
    const body = await calculate({ state: "CO", zip: "80226", city: "" });
    expect(idsOf(body)).toContain("US-CO-CITY-DENVER");
    expect(body).toMatchObject({ resolution_precision: "POSTAL", address_resolution_status: "POSTAL_ONLY" });
  });

  it("a version before 2026-03-01 still answers without resolution_precision", async () => {
    const response = await api("/tax/calculations", {
      key,
      version: "2025-05-12",
      body: {
        customer: {
          address: {
            address_line_1: "1 Main St",
            address_city: "Qwertyville",
            address_province: "CO",
            address_postal_code: "80226",
            address_country: "US",
          },
        },
        order_details: {
          customer_currency_code: "USD",
          line_items: [{ amount: AMOUNT, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
        },
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).not.toHaveProperty("resolution_precision");
  });

  it("an answer placed only at state level is not FULL where the state has local taxes (PA without a ZIP)", async () => {
    const response = await api("/tax/calculations", {
      key,
      version: "2026-03-01",
      body: {
        customer: { address: { address_province: "PA", address_country: "US" } },
        order_details: {
          customer_currency_code: "USD",
          line_items: [{ amount: AMOUNT, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
        },
        transacted_at: Math.floor(Date.parse(`${DAY}T12:00:00Z`) / 1000),
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ resolution_precision: "PROVINCE", rate_coverage: "STATE_ONLY" });
  });

  describe("a postal city the ZIP never reaches is not taxed (Census 2020 ZCTA to Place data)", () => {
    it("Saint Paul on 55124, which lies wholly in Apple Valley: Apple Valley and Dakota County, APPROXIMATED", async () => {
      const body = await calculate({ state: "MN", zip: "55124", city: "Saint Paul" });
      // 8.125 % (Minnesota, Dakota County, the metro area's taxes); with Saint Paul's city
      // taxes it was 9.625 %.
      expect(body.total_tax_amount).toBe(81_250);
      expect(idsOf(body)).not.toContain("US-MN-CITY-ST_PAUL");
      expect(idsOf(body)).toContain("US-MN-COUNTY-DAKOTA");
      expect(body).toMatchObject({
        resolution_precision: "APPROXIMATED",
        address_resolution_status: "POSTAL_CITY_UNKNOWN",
        address_used: { address_city: "Saint Paul", address_province: "MN" },
      });
      // The same address naming its municipality is charged the same, at POSTAL precision.
      const named = await calculate({ state: "MN", zip: "55124", city: "Apple Valley" });
      expect(named.total_tax_amount).toBe(body.total_tax_amount);
      expect(named.resolution_precision).toBe("POSTAL");
      // Saint Paul on a ZIP of Saint Paul's own still pays Saint Paul's tax: more than Apple Valley.
      const stPaul = await calculate({ state: "MN", zip: "55101", city: "Saint Paul" });
      expect(idsOf(stPaul)).toContain("US-MN-CITY-ST_PAUL");
      expect(stPaul.total_tax_amount).toBeGreaterThan(body.total_tax_amount);
    });

    it("Atlanta on 30328 (Sandy Springs) is charged Sandy Springs' rate, not Atlanta's", async () => {
      const body = await calculate({ state: "GA", zip: "30328", city: "Atlanta" });
      expect(idsOf(body)).not.toContain("US-GA-CITY-ATLANTA");
      expect(idsOf(body)).toContain("US-GA-COUNTY-FULTON");
      const named = await calculate({ state: "GA", zip: "30328", city: "Sandy Springs" });
      expect(body.total_tax_amount).toBe(named.total_tax_amount);
      expect(body.resolution_precision).toBe("APPROXIMATED");
    });

    it("Denver on 80226, of whose land 0.6 % is Denver's, keeps Denver", async () => {
      const body = await calculate({ state: "CO", zip: "80226", city: "Denver" });
      expect(idsOf(body)).toContain("US-CO-CITY-DENVER");
      expect(body.resolution_precision).toBe("POSTAL");
    });
  });

  describe("a ZIP in two states resolves by the address's state", () => {
    it("19973 in Delaware: no sales tax", async () => {
      const body = await calculate({ state: "DE", zip: "19973", city: "Seaford" });
      expect(body.total_tax_amount).toBe(0);
      expect(idsOf(body)).not.toContain("US-MD");
      expect(body.address_used).toMatchObject({ address_province: "DE" });
    });

    it("19973 in Maryland: Maryland's 6 %, not refused", async () => {
      const body = await calculate({ state: "MD", zip: "19973", city: "" });
      expect(idsOf(body)).toEqual(["US-MD"]);
      expect(body.total_tax_amount).toBe(60_000);
      expect(body).toMatchObject({ resolution_precision: "POSTAL", address_used: { address_province: "MD" } });
    });

    it("82063 (a WY ZIP mostly in Larimer County CO) in Colorado: Colorado's taxes", async () => {
      const body = await calculate({ state: "CO", zip: "82063", city: "" });
      expect(idsOf(body)).toContain("US-CO");
      expect(idsOf(body)).not.toContain("US-WY");
      expect(body.address_used).toMatchObject({ address_province: "CO" });
    });

    it("82930 Evanston WY (its main county is Summit County UT) in Wyoming keeps its postal city", async () => {
      const body = await calculate({ state: "WY", zip: "82930", city: "" });
      expect(idsOf(body)).toContain("US-WY");
      expect(body).toMatchObject({
        resolution_precision: "POSTAL",
        address_resolution_status: "POSTAL_ONLY",
        address_used: { address_city: "Evanston", address_province: "WY" },
      });
    });

    it("82063 in Wyoming: Wyoming's taxes", async () => {
      const body = await calculate({ state: "WY", zip: "82063", city: "" });
      expect(idsOf(body)).toContain("US-WY");
      expect(idsOf(body)).not.toContain("US-CO");
    });

    it("57270 (a SD ZIP whose delivery area reaches North Dakota, not its population) in ND: North Dakota at state level", async () => {
      const body = await calculate({ state: "ND", zip: "57270", city: "" });
      expect(idsOf(body)).toEqual(["US-ND"]);
      expect(body).toMatchObject({
        resolution_precision: "PROVINCE",
        address_resolution_status: "POSTAL_UNKNOWN",
        address_used: { address_province: "ND", address_postal_code: "57270" },
      });
    });

    it("a town ZIP of the neighbouring state is still a contradiction (07302 Jersey City given with NY)", async () => {
      const response = await api("/tax/calculations", {
        key,
        version: "2026-03-01",
        body: {
          customer: {
            address: { address_province: "NY", address_postal_code: "07302", address_country: "US" },
          },
          order_details: {
            customer_currency_code: "USD",
            line_items: [{ amount: AMOUNT, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
          },
        },
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ error_code: "invalid_address" });
    });

    it("a ZIP of neither state is still a contradiction", async () => {
      const response = await api("/tax/calculations", {
        key,
        version: "2026-03-01",
        body: {
          customer: {
            address: { address_province: "TX", address_postal_code: "19973", address_country: "US" },
          },
          order_details: {
            customer_currency_code: "USD",
            line_items: [{ amount: AMOUNT, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
          },
        },
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ error_code: "invalid_address" });
    });
  });
});
