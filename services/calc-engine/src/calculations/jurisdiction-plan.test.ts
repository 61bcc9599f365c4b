// The engine's rules on a small, hand-written data set (the shipped data has its own tests).
import { describe, expect, it } from "vitest";
import { determineLine } from "../domain/determine.js";
import { RateDataError, validateRateData } from "../rates/load-rate-data.js";
import { RateBook } from "../rates/rate-book.js";
import { type RateDataFile, rateDataFileSchema } from "../rates/rate-data-schema.js";
import { type Location, planJurisdictions } from "./jurisdiction-plan.js";

const src = "https://example.gov/statute-section-1";
const period = (from: string, to: string | null, rates: Record<string, number>) => ({
  effective_from: from,
  effective_to: to,
  rates,
  source: src,
});
const file: RateDataFile = rateDataFileSchema.parse({
  description: "test data",
  jurisdictions: [
    {
      id: "US-NY",
      name: "New York",
      type: "STATE",
      tax_type: "SALES",
      authority_name: "NY DTF",
      rates: [period("2005-06-01", null, { standard: 0.04 })],
    },
    {
      id: "US-NY-CITY-NEW_YORK",
      name: "New York City",
      type: "CITY",
      tax_type: "SALES",
      authority_name: "NY DTF",
      rates: [period("2009-08-01", null, { standard: 0.045 })],
    },
    {
      id: "US-NY-DIST-MCTD",
      name: "MCTD",
      type: "DISTRICT",
      tax_type: "SALES",
      authority_name: "NY DTF",
      applies_with: ["US-NY-CITY-NEW_YORK"],
      rates: [period("2005-06-01", null, { standard: 0.00375 })],
    },
    {
      id: "US-MI",
      name: "Michigan",
      type: "STATE",
      tax_type: "SALES",
      authority_name: "MI Treasury",
      local_taxes: false,
      rates: [period("1994-05-01", null, { standard: 0.06 })],
    },
    {
      id: "US-PA",
      name: "Pennsylvania",
      type: "STATE",
      tax_type: "SALES",
      authority_name: "PA DOR",
      rates: [period("1968-03-07", null, { standard: 0.06 })],
      local_data_complete: { from: "2020-01-01", source: src, except: ["US-PA-COUNTY-BUCKS"] },
    },
    {
      id: "US-PA-COUNTY-PHILADELPHIA",
      name: "Philadelphia",
      type: "COUNTY",
      tax_type: "SALES",
      authority_name: "PA DOR",
      rates: [period("1991-10-01", null, { standard: 0.02 })],
    },
    {
      id: "US-CO",
      name: "Colorado",
      type: "STATE",
      tax_type: "SALES",
      authority_name: "CO DOR",
      rates: [period("2001-01-01", null, { standard: 0.029 })],
      fees: [
        {
          name: "Retail delivery fee",
          effective_from: "2024-07-01",
          effective_to: null,
          amount: 29,
          currency: "USD",
          source: src,
        },
      ],
    },
    {
      id: "CA",
      name: "Canada",
      type: "COUNTRY",
      tax_type: "GST",
      authority_name: "CRA",
      rates: [period("2008-01-01", null, { standard: 0.05 })],
    },
    {
      id: "CA-ON",
      name: "Ontario",
      type: "STATE",
      tax_type: "GST",
      authority_name: "CRA",
      supersedes: ["CA"],
      rates: [period("2010-07-01", null, { standard: 0.13 })],
    },
    {
      id: "FI",
      name: "Finland",
      type: "COUNTRY",
      tax_type: "VAT",
      authority_name: "Vero",
      rates: [
        period("2013-01-01", "2024-09-01", { standard: 0.24, reduced: 0.14 }),
        period("2024-09-01", null, { standard: 0.255, reduced: 0.14 }),
      ],
    },
  ],
  rules: [
    {
      jurisdiction: "US-NY",
      category: "CLOTHING_GENERAL",
      effective_from: "2012-04-01",
      effective_to: null,
      treatment: "exempt",
      unit_price_below: 11000,
      currency: "USD",
      source: src,
    },
    {
      jurisdiction: "FI",
      category: "BOOKS_PRINTED",
      effective_from: "2013-01-01",
      effective_to: null,
      treatment: "reduced",
      rate_key: "reduced",
      source: src,
    },
    {
      jurisdiction: "US-MI",
      category: "GROCERIES",
      effective_from: "1994-05-01",
      effective_to: null,
      treatment: "exempt",
      applies_to: "self",
      source: src,
    },
  ],
});
const byId = (id: string) => file.jurisdictions.find((j) => j.id === id)!;
const book = new RateBook(validateRateData([{ name: "test.json", data: file }]));
const ny: Location = {
  addressUsed: { addressCountry: "US", addressProvince: "NY", addressPostalCode: "10001" },
  jurisdictions: [
    { id: "US", name: "US", type: "COUNTRY" },
    { id: "US-NY", name: "NY", type: "STATE" },
    { id: "US-NY-CITY-NEW_YORK", name: "New York", type: "CITY" },
  ],
};
const line = (amount: number, category = "GENERAL_MERCHANDISE", quantity = 1) => ({
  amount: BigInt(amount),
  quantity: BigInt(quantity),
  category,
  taxIncluded: false,
});

describe("jurisdiction plan and determination", () => {
  it("adds districts, keeps exact shares and applies a threshold rule to descendants", () => {
    const plan = planJurisdictions(book, ny, "2026-01-15");
    expect(plan.jurisdictions.map((j) => j.id)).toEqual(["US-NY", "US-NY-CITY-NEW_YORK", "US-NY-DIST-MCTD"]);
    expect(plan.coverage).toBe("PARTIAL"); // the data does not claim to hold all of New York's local taxes
    const general = determineLine(book, plan.jurisdictions, line(10000), { day: "2026-01-15", currency: "USD" });
    expect(general.tax.taxAmount).toBe(888n); // 8.875% of 10000 = 887.5 → 888
    expect(general.jurisdictions.map((j) => j.taxDue)).toEqual([400n, 450n, 38n]);
    const cheapShirts = determineLine(book, plan.jurisdictions, line(20000, "CLOTHING_GENERAL", 2), {
      day: "2026-01-15",
      currency: "USD",
    });
    expect(cheapShirts.tax.taxAmount).toBe(0n); // $100 each: under $110
    const dearShirts = determineLine(book, plan.jurisdictions, line(24000, "CLOTHING_GENERAL", 2), {
      day: "2026-01-15",
      currency: "USD",
    });
    expect(dearShirts.tax.taxAmount).toBe(2130n); // $120 each: taxable
    const euroShirts = determineLine(book, plan.jurisdictions, line(20000, "CLOTHING_GENERAL", 2), {
      day: "2026-01-15",
      currency: "EUR",
    });
    expect(euroShirts.tax.taxAmount).toBe(1775n); // a USD threshold never applies to another currency
  });

  it("selects rates by day and named reduced rates", () => {
    const fi: Location = {
      addressUsed: { addressCountry: "FI", addressProvince: "", addressPostalCode: "00100" },
      jurisdictions: [{ id: "FI", name: "Finland", type: "COUNTRY" }],
    };
    const tax = (day: string, category = "GENERAL_MERCHANDISE") =>
      determineLine(book, planJurisdictions(book, fi, day).jurisdictions, line(10000, category), {
        day,
        currency: "EUR",
      }).tax.taxAmount;
    expect(tax("2024-08-31")).toBe(2400n);
    expect(tax("2024-09-01")).toBe(2550n);
    expect(tax("2024-09-01", "BOOKS_PRINTED")).toBe(1400n);
    expect(tax("2012-12-31")).toBe(0n); // before the data's first period: no rates known
    expect(planJurisdictions(book, fi, "2012-12-31").coverage).toBe("UNSUPPORTED");
  });

  it("supersedes the GST with the HST, and reports US coverage honestly", () => {
    const on = planJurisdictions(
      book,
      {
        addressUsed: { addressCountry: "CA", addressProvince: "ON", addressPostalCode: "M5H 2N2" },
        jurisdictions: [
          { id: "CA", name: "Canada", type: "COUNTRY" },
          { id: "CA-ON", name: "Ontario", type: "STATE" },
        ],
      },
      "2026-01-01",
    );
    expect(on.jurisdictions.map((j) => j.id)).toEqual(["CA-ON"]);
    const mi = planJurisdictions(
      book,
      {
        addressUsed: { addressCountry: "US", addressProvince: "MI", addressPostalCode: "48226" },
        jurisdictions: [
          { id: "US", name: "US", type: "COUNTRY" },
          { id: "US-MI", name: "MI", type: "STATE" },
          { id: "US-MI-CITY-DETROIT", name: "Detroit", type: "CITY" },
        ],
      },
      "2026-01-01",
    );
    expect(mi.coverage).toBe("FULL"); // Michigan has no local sales taxes
    const co = planJurisdictions(
      book,
      {
        addressUsed: { addressCountry: "US", addressProvince: "CO", addressPostalCode: "80202" },
        jurisdictions: [
          { id: "US", name: "US", type: "COUNTRY" },
          { id: "US-CO", name: "CO", type: "STATE" },
          { id: "US-CO-CITY-DENVER", name: "Denver", type: "CITY" },
        ],
      },
      "2026-01-01",
    );
    expect(co.coverage).toBe("STATE_ONLY");
  });

  it("reports FULL only where the state's local data is complete: from its date, outside its exceptions", () => {
    const pa = (county: string) => ({
      addressUsed: { addressCountry: "US", addressProvince: "PA", addressPostalCode: "19103" },
      jurisdictions: [
        { id: "US", name: "US", type: "COUNTRY" },
        { id: "US-PA", name: "PA", type: "STATE" },
        { id: `US-PA-COUNTY-${county}`, name: county, type: "COUNTY" },
      ],
    });
    expect(planJurisdictions(book, pa("PHILADELPHIA"), "2026-01-01").coverage).toBe("FULL");
    expect(planJurisdictions(book, pa("DAUPHIN"), "2026-01-01").coverage).toBe("FULL"); // no local tax there, and the data says so
    expect(planJurisdictions(book, pa("PHILADELPHIA"), "2019-12-31").coverage).toBe("PARTIAL");
    expect(planJurisdictions(book, pa("DAUPHIN"), "2019-12-31").coverage).toBe("STATE_ONLY");
    expect(planJurisdictions(book, pa("BUCKS"), "2026-01-01").coverage).toBe("STATE_ONLY"); // a listed exception
  });

  it("refuses a completeness claim on anything but a state with local taxes, or naming another state's place", () => {
    const refused = (jurisdiction: Record<string, unknown>) => () =>
      validateRateData([
        {
          name: "bad.json",
          data: rateDataFileSchema.parse({ description: "bad", jurisdictions: [jurisdiction], rules: [] }),
        },
      ]);
    const claim = { from: "2020-01-01", source: src };
    expect(refused({ ...byId("US-MI"), local_data_complete: claim })).toThrow(/states with local taxes only/); // Michigan: no local taxes
    expect(refused({ ...byId("US-NY-CITY-NEW_YORK"), local_data_complete: claim })).toThrow(
      /states with local taxes only/,
    ); // a city
    expect(refused({ ...byId("US-NY"), local_data_complete: { ...claim, except: ["US-NJ-COUNTY-ESSEX"] } })).toThrow(
      /outside the state/,
    );
  });

  it("uses an imported ZIP table's components from its month", () => {
    const lookup = (state: string, zip: string, day: string) =>
      state === "CO" && zip === "80202" && day >= "2026-03-01"
        ? {
            regionName: "DENVER",
            effectiveFrom: "2026-03-01",
            staleFrom: "2026-05-16",
            combined: 881_000,
            state: 290_000,
            county: 0,
            city: 481_000,
            special: 110_000,
          }
        : undefined;
    const location: Location = {
      addressUsed: { addressCountry: "US", addressProvince: "CO", addressPostalCode: "80202" },
      jurisdictions: [
        { id: "US", name: "US", type: "COUNTRY" },
        { id: "US-CO", name: "Colorado", type: "STATE" },
        { id: "US-CO-CITY-DENVER", name: "Denver", type: "CITY" },
      ],
    };
    const march = planJurisdictions(book, location, "2026-03-02", lookup);
    expect(march.coverage).toBe("FULL");
    expect(march.jurisdictions.map((j) => [j.id, j.rates.standard])).toEqual([
      ["US-CO", 0.029],
      ["US-CO-CITY-DENVER", 0.0481],
      ["US-CO-DIST-DENVER", 0.011],
    ]);
    expect(march.rateTable).toEqual({ effectiveFrom: "2026-03-01", stale: false });
    expect(planJurisdictions(book, location, "2026-05-16", lookup).rateTable?.stale).toBe(true);
    expect(planJurisdictions(book, location, "2026-02-28", lookup).coverage).toBe("STATE_ONLY");
  });

  it("applies a self-only rule to the jurisdiction alone, and refuses bad data", () => {
    const mi = planJurisdictions(
      book,
      {
        addressUsed: { addressCountry: "US", addressProvince: "MI", addressPostalCode: "48226" },
        jurisdictions: [{ id: "US-MI", name: "MI", type: "STATE" }],
      },
      "2026-01-01",
    );
    expect(
      determineLine(book, mi.jurisdictions, line(1000, "GROCERIES"), { day: "2026-01-01", currency: "USD" }).tax
        .taxAmount,
    ).toBe(0n);
    const overlapping = rateDataFileSchema.parse({
      description: "bad",
      jurisdictions: [
        {
          ...byId("FI"),
          rates: [
            period("2013-01-01", "2024-09-02", { standard: 0.24 }),
            period("2024-09-01", null, { standard: 0.255 }),
          ],
        },
      ],
    });
    expect(() => validateRateData([{ name: "bad.json", data: overlapping }])).toThrow(RateDataError);
    const gap = rateDataFileSchema.parse({
      description: "bad",
      jurisdictions: [
        {
          ...byId("FI"),
          rates: [
            period("2013-01-01", "2024-08-01", { standard: 0.24 }),
            period("2024-09-01", null, { standard: 0.255 }),
          ],
        },
      ],
    });
    expect(() => validateRateData([{ name: "gap.json", data: gap }])).toThrow(/gap/);
    expect(() =>
      rateDataFileSchema.parse({
        description: "bad",
        jurisdictions: [{ ...byId("FI"), rates: [period("2013-01-01", null, { standard: 1.2 })] }],
      }),
    ).toThrow();
    const unknownRule = rateDataFileSchema.parse({
      description: "bad",
      rules: [{ ...file.rules[0]!, jurisdiction: "US-ZZ" }],
    });
    expect(() => validateRateData([{ name: "rule.json", data: unknownRule }])).toThrow(/unknown jurisdiction/);
  });
});
