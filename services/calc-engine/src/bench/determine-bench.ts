// In-process determination throughput: orders of 1, 10 and 1,000 lines priced against
// the shipped rate data, over a mix of locations and categories. Prints line
// determinations per second and how the cost per line grows with the order size.
// Run: node services/calc-engine/dist/bench/determine-bench.js
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { type Location, planJurisdictions } from "../calculations/jurisdiction-plan.js";
import { determineLine } from "../domain/determine.js";
import { loadRateDataDir } from "../rates/load-rate-data.js";
import { RateBook } from "../rates/rate-book.js";

const started = performance.now();
const book = new RateBook(loadRateDataDir(fileURLToPath(new URL("../../data", import.meta.url))));
const loadMs = performance.now() - started;

const locations: Array<{ location: Location; currency: string }> = [
  {
    currency: "USD",
    location: {
      addressUsed: { addressCountry: "US", addressProvince: "PA", addressPostalCode: "19103" },
      jurisdictions: [
        { id: "US", name: "United States", type: "COUNTRY" },
        { id: "US-PA", name: "Pennsylvania", type: "STATE" },
        { id: "US-PA-COUNTY-PHILADELPHIA", name: "Philadelphia", type: "COUNTY" },
        { id: "US-PA-CITY-PHILADELPHIA", name: "Philadelphia", type: "CITY" },
      ],
    },
  },
  {
    currency: "USD",
    location: {
      addressUsed: { addressCountry: "US", addressProvince: "NY", addressPostalCode: "10001" },
      jurisdictions: [
        { id: "US", name: "United States", type: "COUNTRY" },
        { id: "US-NY", name: "New York", type: "STATE" },
        { id: "US-NY-COUNTY-NEW_YORK", name: "New York", type: "COUNTY" },
        { id: "US-NY-CITY-NEW_YORK", name: "New York", type: "CITY" },
      ],
    },
  },
  {
    currency: "USD",
    location: {
      addressUsed: { addressCountry: "US", addressProvince: "TX", addressPostalCode: "75201" },
      jurisdictions: [
        { id: "US", name: "United States", type: "COUNTRY" },
        { id: "US-TX", name: "Texas", type: "STATE" },
        { id: "US-TX-COUNTY-DALLAS", name: "Dallas", type: "COUNTY" },
        { id: "US-TX-CITY-DALLAS", name: "Dallas", type: "CITY" },
      ],
    },
  },
  {
    currency: "EUR",
    location: {
      addressUsed: { addressCountry: "DE", addressProvince: "", addressPostalCode: "10115" },
      jurisdictions: [{ id: "DE", name: "Germany", type: "COUNTRY" }],
    },
  },
  {
    currency: "CAD",
    location: {
      addressUsed: { addressCountry: "CA", addressProvince: "BC", addressPostalCode: "V6B 1A1" },
      jurisdictions: [
        { id: "CA", name: "Canada", type: "COUNTRY" },
        { id: "CA-BC", name: "British Columbia", type: "STATE" },
      ],
    },
  },
];
const categories = [
  "GENERAL_MERCHANDISE",
  "CLOTHING_GENERAL",
  "SAAS_GENERAL",
  "GROCERIES",
  "BOOKS_PRINTED",
  "ELECTRONIC_GOODS",
];
const day = "2026-06-15";

function priceOrder(lines: number, seed: number): number {
  const { location, currency } = locations[seed % locations.length]!;
  const plan = planJurisdictions(book, location, day);
  let tax = 0;
  for (let i = 0; i < lines; i += 1) {
    const result = determineLine(
      book,
      plan.jurisdictions,
      {
        amount: BigInt(1000 + ((seed * 7919 + i * 104729) % 50000)),
        quantity: BigInt(1 + (i % 3)),
        category: categories[(seed + i) % categories.length]!,
        taxIncluded: i % 5 === 0,
      },
      { day, currency },
    );
    tax += Number(result.tax.taxAmount);
  }
  return tax;
}

function measure(lines: number): { ordersPerSecond: number; linesPerSecond: number; microsPerLine: number } {
  let orders = 0;
  let sink = 0;
  for (let i = 0; i < 200; i += 1) sink += priceOrder(lines, i); // warm-up
  const begin = performance.now();
  let elapsed = 0;
  while (elapsed < 1500) {
    sink += priceOrder(lines, orders);
    orders += 1;
    if (orders % 16 === 0) elapsed = performance.now() - begin;
  }
  elapsed = performance.now() - begin;
  if (sink < 0) console.log(sink);
  const linesPerSecond = (orders * lines * 1000) / elapsed;
  return { ordersPerSecond: (orders * 1000) / elapsed, linesPerSecond, microsPerLine: 1e6 / linesPerSecond };
}

console.log(`rate data: ${book.size} jurisdictions loaded and validated in ${loadMs.toFixed(0)} ms`);
console.log("lines/order | orders/s   | line determinations/s | µs per line");
for (const lines of [1, 10, 1000]) {
  const result = measure(lines);
  console.log(
    `${String(lines).padStart(11)} | ${result.ordersPerSecond.toFixed(0).padStart(10)} | ${result.linesPerSecond.toFixed(0).padStart(21)} | ${result.microsPerLine.toFixed(2)}`,
  );
}
