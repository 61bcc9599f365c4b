// When a place is supported, on a small hand-written data set: which jurisdictions bound
// the rate history, and which errors name what.
import { LevyError } from "@levy/kit";
import { describe, expect, it } from "vitest";
import { validateRateData } from "../rates/load-rate-data.js";
import { RateBook } from "../rates/rate-book.js";
import { rateDataFileSchema } from "../rates/rate-data-schema.js";
import { assertSupportedPlace } from "./assert-supported-place.js";
import type { Location } from "./jurisdiction-plan.js";

const src = "https://example.gov/statute-section-1";
const period = (from: string, to: string | null, standard: number) => ({
  effective_from: from,
  effective_to: to,
  rates: { standard },
  source: src,
});
const jurisdiction = (id: string, type: string, ...rates: ReturnType<typeof period>[]) => ({
  id,
  name: `${id} name`,
  type,
  tax_type: "SALES",
  authority_name: "authority",
  rates,
});
const book = new RateBook(
  validateRateData([
    {
      name: "test.json",
      data: rateDataFileSchema.parse({
        description: "test data",
        jurisdictions: [
          jurisdiction("US-CA", "STATE", period("2017-01-01", null, 0.0725)),
          jurisdiction("US-CA-DIST-OAKLAND", "DISTRICT", period("2025-10-01", null, 0.005)),
          jurisdiction("CA", "COUNTRY", period("2008-01-01", null, 0.05)),
          { ...jurisdiction("CA-ON", "STATE", period("2010-07-01", null, 0.13)), supersedes: ["CA"] },
          jurisdiction("FI", "COUNTRY", period("2013-01-01", "2024-09-01", 0.24), period("2024-09-01", null, 0.255)),
          // Data that ends: a rate set by a decree that runs out (Thailand's 7% to 2026-09-30).
          jurisdiction("TH", "COUNTRY", period("2020-01-01", "2026-10-01", 0.07)),
          jurisdiction("US-XX-CITY-GONE", "CITY", period("2020-01-01", "2021-01-01", 0.01)),
        ],
        rules: [],
      }),
    },
  ]),
);

const place = (country: string, ...ids: [string, string][]): Location => ({
  addressUsed: { addressCountry: country, addressProvince: "", addressPostalCode: "" },
  jurisdictions: ids.map(([id, type]) => ({ id, name: id === country ? `${country} country` : id, type })),
});
const oakland = place("US", ["US-CA", "STATE"], ["US-CA-DIST-OAKLAND", "DISTRICT"]);
const toronto = place("CA", ["CA", "COUNTRY"], ["CA-ON", "STATE"]);
const turkey = place("TR", ["TR", "COUNTRY"]);
const options = (day: string, allowUnsupported = false) => ({
  day,
  field: "customer.address.address_country",
  allowUnsupported,
});

function errorOf(action: () => void): LevyError | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof LevyError) return error;
    throw error;
  }
  return undefined;
}

describe("assertSupportedPlace", () => {
  it.each([
    ["the first day of the state's data", oakland, "2017-01-01"],
    ["a day before a local tax started (the tax, not the data, starts later)", oakland, "2024-06-01"],
    ["Finland in its first period", place("FI", ["FI", "COUNTRY"]), "2013-01-01"],
    ["Ontario from its HST data on", toronto, "2010-07-01"],
  ])("accepts %s", (_name, location, day) => {
    expect(errorOf(() => assertSupportedPlace(book, location, options(day)))).toBeUndefined();
  });

  it.each([
    ["before the state's data", oakland, "2016-12-31", "2017-01-01"],
    [
      "Toronto before Ontario's data, though Canada's GST data is older (the latest broad start wins)",
      toronto,
      "2010-06-30",
      "2010-07-01",
    ],
    [
      "Finland before its first period (earlier periods of later data do not count)",
      place("FI", ["FI", "COUNTRY"]),
      "2012-12-31",
      "2013-01-01",
    ],
  ])("refuses %s, naming the earliest day", (_name, location, day, earliest) => {
    const error = errorOf(() => assertSupportedPlace(book, location, options(day)));
    expect(error).toMatchObject({
      code: "unsupported_transacted_at",
      meta: { field: "transacted_at", earliest_supported_date: earliest },
    });
    expect(error?.message).toContain(earliest);
    // the opt-in is about places without rates, not days before the history
    expect(errorOf(() => assertSupportedPlace(book, location, options(day, true)))?.code).toBe(
      "unsupported_transacted_at",
    );
  });

  it("refuses a day after the data of a country- or state-wide tax ends, naming the last day held", () => {
    const thailand = place("TH", ["TH", "COUNTRY"]);
    expect(errorOf(() => assertSupportedPlace(book, thailand, options("2026-09-30")))).toBeUndefined();
    const error = errorOf(() => assertSupportedPlace(book, thailand, options("2026-10-01", true)));
    expect(error).toMatchObject({
      code: "unsupported_transacted_at",
      meta: { field: "transacted_at", latest_supported_date: "2026-09-30" },
    });
    expect(error?.message).toContain("2026-09-30");
    // A local tax that ended is no gap in the data: the tax is gone.
    const withGoneCity = place("US", ["US-CA", "STATE"], ["US-XX-CITY-GONE", "CITY"]);
    expect(errorOf(() => assertSupportedPlace(book, withGoneCity, options("2026-01-01")))).toBeUndefined();
  });

  it("a place without rates is unsupported_jurisdiction naming the country and the field, unless allowed", () => {
    const error = errorOf(() => assertSupportedPlace(book, turkey, { ...options("2026-01-01"), field: "customer.ip" }));
    expect(error).toMatchObject({ code: "unsupported_jurisdiction", meta: { field: "customer.ip", country: "TR" } });
    expect(error?.message).toContain("TR country (TR)");
    expect(errorOf(() => assertSupportedPlace(book, turkey, options("2026-01-01", true)))).toBeUndefined();
  });
});
