// Checks Levy's US taxability rules (data/us-taxability.json): the file validates together
// with every other data file in services/calc-engine/data (if another file is broken this
// test fails too), every rule cites a source, and the key facts of the data brief hold when
// looked up through the RateBook the engine uses.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { type RateData, loadRateDataDir } from "./load-rate-data.js";
import { RateBook } from "./rate-book.js";
import { rateDataFileSchema } from "./rate-data-schema.js";

const dataDir = fileURLToPath(new URL("../../data/", import.meta.url));
const TODAY = "2026-11-22";

const SALES_TAX_STATES = [
  "AL",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DC",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "NE",
  "NV",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
];

let data: RateData;
let book: RateBook;
beforeAll(() => {
  data = loadRateDataDir(dataDir);
  book = new RateBook(data);
});

const rule = (jurisdictionId: string, category: string, unitPrice = 5000, day = TODAY) =>
  book.ruleFor({
    jurisdictionId,
    category,
    day,
    unitPrice: { numerator: BigInt(unitPrice), denominator: 1n },
    currency: "USD",
  });

describe("us-taxability.json", () => {
  it("parses on its own and holds rules only", () => {
    const file = rateDataFileSchema.parse(JSON.parse(readFileSync(`${dataDir}us-taxability.json`, "utf8")));
    expect(file.jurisdictions).toEqual([]);
    expect(file.rules.length).toBeGreaterThan(300);
    for (const r of file.rules) {
      expect(r.jurisdiction.startsWith("US-")).toBe(true);
      expect(r.source.length).toBeGreaterThan(15);
    }
  });

  it("validates together with the other data files", () => {
    expect(data.jurisdictions.size).toBeGreaterThan(51);
    expect(data.rules.some((r) => r.jurisdiction === "US-NY" && r.category === "CLOTHING_GENERAL")).toBe(true);
  });

  it("New York: clothing under $110 exempt from state tax and in NYC, $110 and over taxable", () => {
    expect(rule("US-NY", "CLOTHING_GENERAL", 10999)?.treatment).toBe("exempt");
    expect(rule("US-NY", "CLOTHING_GENERAL", 11000)).toBeUndefined();
    for (const county of ["NEW_YORK", "KINGS", "QUEENS", "BRONX", "RICHMOND"]) {
      expect(rule(`US-NY-COUNTY-${county}`, "CLOTHING_GENERAL", 10999)?.treatment).toBe("exempt");
      expect(rule(`US-NY-COUNTY-${county}`, "CLOTHING_GENERAL", 11000)).toBeUndefined();
    }
    expect(rule("US-NY-DIST-MCTD", "CLOTHING_GENERAL", 10999)?.treatment).toBe("exempt");
    expect(rule("US-NY-DIST-MCTD", "CLOTHING_GENERAL", 11000)).toBeUndefined();
    // Erie County does not adopt the local exemption: its tax applies to all clothing.
    if (book.jurisdiction("US-NY-COUNTY-ERIE"))
      expect(rule("US-NY-COUNTY-ERIE", "CLOTHING_GENERAL", 5000)).toBeUndefined();
  });

  it("Massachusetts and Rhode Island exempt the first $175 / $250 of each clothing item", () => {
    expect(rule("US-MA", "CLOTHING_GENERAL")).toMatchObject({
      treatment: "exempt_portion",
      exempt_amount_per_unit: 17500,
      currency: "USD",
    });
    expect(rule("US-RI", "CLOTHING_GENERAL")).toMatchObject({
      treatment: "exempt_portion",
      exempt_amount_per_unit: 25000,
      currency: "USD",
    });
  });

  it("Pennsylvania, New Jersey, Minnesota and Vermont exempt clothing", () => {
    for (const s of ["PA", "NJ", "MN", "VT"])
      expect(rule(`US-${s}`, "CLOTHING_GENERAL", 50000)?.treatment).toBe("exempt");
    expect(rule("US-CA", "CLOTHING_GENERAL")).toBeUndefined();
  });

  it("Texas taxes 80% of SaaS and data processing; California does not tax SaaS; Connecticut 1%", () => {
    expect(rule("US-TX", "SAAS_GENERAL")).toMatchObject({ treatment: "partial", taxable_fraction: 0.8 });
    expect(rule("US-TX-CITY-HOUSTON", "SAAS_GENERAL")).toMatchObject({ treatment: "partial", taxable_fraction: 0.8 });
    expect(rule("US-TX", "DATA_PROCESSING_SERVICES")).toMatchObject({ treatment: "partial", taxable_fraction: 0.8 });
    expect(rule("US-CA", "SAAS_GENERAL")?.treatment).toBe("exempt");
    expect(rule("US-CA-CITY-LOS_ANGELES", "SAAS_GENERAL")?.treatment).toBe("exempt");
    expect(rule("US-CT", "SAAS_GENERAL")).toMatchObject({ treatment: "fixed_rate", rate: 0.01 });
    expect(rule("US-NY", "SAAS_GENERAL")).toBeUndefined();
  });

  it("prescription drugs are exempt in every state with a sales tax (Illinois: 1% state rate, no home-rule tax)", () => {
    for (const s of SALES_TAX_STATES) {
      const r = rule(`US-${s}`, "PRESCRIPTION_DRUGS");
      if (s === "IL") expect(r).toMatchObject({ treatment: "fixed_rate", rate: 0.01 });
      else expect(r?.treatment, s).toBe("exempt");
    }
    expect(rule("US-IL-CITY-CHICAGO", "PRESCRIPTION_DRUGS")?.treatment).toBe("exempt");
    // The RTA's Cook County rate on food and drugs is 1.25 %, above its 1 % on other sales (70 ILCS 3615/4.03(e)).
    expect(rule("US-IL-DIST-RTA", "PRESCRIPTION_DRUGS")).toMatchObject({ treatment: "fixed_rate", rate: 0.0125 });
  });

  it("gift cards and non-taxable items are exempt everywhere", () => {
    for (const s of SALES_TAX_STATES) {
      expect(rule(`US-${s}`, "GIFT_CARDS")?.treatment, s).toBe("exempt");
      expect(rule(`US-${s}`, "NON_TAXABLE")?.treatment, s).toBe("exempt");
    }
    for (const id of data.jurisdictions.keys()) {
      const state = id.split("-")[1];
      if (id.startsWith("US-") && SALES_TAX_STATES.includes(state!))
        expect(rule(id, "GIFT_CARDS")?.treatment, id).toBe("exempt");
    }
  });

  it("grocery rates follow the law in force on the day", () => {
    expect(rule("US-AL", "GROCERIES", 500, "2024-06-01")).toMatchObject({ treatment: "fixed_rate", rate: 0.03 });
    expect(rule("US-AL", "GROCERIES", 500, TODAY)).toMatchObject({ treatment: "fixed_rate", rate: 0.02 });
    expect(rule("US-AL-CITY-BIRMINGHAM", "GROCERIES")).toBeUndefined();
    expect(rule("US-MS", "GROCERIES", 500, "2025-06-30")).toBeUndefined();
    expect(rule("US-MS", "GROCERIES", 500, "2025-07-01")).toMatchObject({ rate: 0.05 });
    expect(rule("US-IL", "GROCERIES", 500, "2025-12-31")).toMatchObject({ rate: 0.01 });
    expect(rule("US-IL", "GROCERIES", 500, "2026-01-01")?.treatment).toBe("exempt");
    expect(rule("US-KS", "GROCERIES", 500, "2025-01-01")?.treatment).toBe("exempt");
    expect(rule("US-UT", "GROCERIES")).toMatchObject({ rate: 0.03 });
    expect(rule("US-UT-COUNTY-SALT_LAKE", "GROCERIES")?.treatment).toBe("exempt");
    expect(rule("US-VA", "GROCERIES")).toMatchObject({ rate: 0.01 });
    expect(rule("US-TX-CITY-HOUSTON", "GROCERIES")?.treatment).toBe("exempt");
    for (const s of ["HI", "ID", "SD"]) expect(rule(`US-${s}`, "GROCERIES"), s).toBeUndefined();
  });

  it("uses only positive fractions for fixed_rate rules, below the state's rate for state rules", () => {
    // A local food rate may exceed the local general rate (the RTA's 1.25 % against 1 % in
    // Cook County, Monroe LA's 4.99 %), so local rules are only checked to be fractions.
    for (const r of data.rules.filter((x) => x.jurisdiction.startsWith("US-") && x.treatment === "fixed_rate")) {
      expect(r.rate!, `${r.jurisdiction} ${r.category}`).toBeGreaterThan(0);
      expect(r.rate!, `${r.jurisdiction} ${r.category}`).toBeLessThan(0.15);
      const j = book.jurisdiction(r.jurisdiction)!;
      if (j.type !== "STATE") continue;
      const period = book.ratesOn(j, r.effective_from < "2023-01-01" ? "2023-01-01" : r.effective_from) ?? j.rates[0]!;
      expect(r.rate!, `${r.jurisdiction} ${r.category}`).toBeLessThan(period.rates.standard!);
    }
  });
});
