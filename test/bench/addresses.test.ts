// The calculation load's addresses and bodies: at least 1,000 distinct US and
// international addresses from geo-resolver's own ZIP data or generated, every category,
// a mix of line counts, so no cache in the request path sees only one key.
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without type declarations
import { customerAddresses, internationalAddresses, sampleEvenly, usAddress } from "../../bench/addresses.mjs";
// @ts-expect-error: plain ESM script without type declarations
import { calculationBodies, mixedLineCounts } from "../../bench/fixtures.mjs";

type Customer = { currency: string; address: Record<string, string> };

describe("benchmark addresses", () => {
  it("samples evenly across the list and keeps short lists whole", () => {
    expect(sampleEvenly([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 5)).toEqual([0, 2, 4, 6, 8]);
    expect(sampleEvenly([1, 2], 5)).toEqual([1, 2]);
  });

  it("writes a US address from a ZIP record with its leading zeros", () => {
    expect(
      usAddress({ zip: 2110, city: "Boston", state: "MA", county: "Suffolk", countyFips: 25025, population: 1 })
        .address,
    ).toEqual({
      address_line_1: "410 Main St",
      address_city: "Boston",
      address_province: "MA",
      address_postal_code: "02110",
      address_country: "US",
    });
  });

  it("generates distinct international addresses in many countries", () => {
    const abroad: Customer[] = internationalAddresses(400);
    expect(new Set(abroad.map((customer) => JSON.stringify(customer.address))).size).toBe(400);
    expect(new Set(abroad.map((customer) => customer.address.address_country)).size).toBeGreaterThanOrEqual(15);
    expect(abroad.find((customer) => customer.address.address_country === "CA")!.address.address_postal_code).toMatch(
      /^[A-Z]\d[A-Z] \d[A-Z]\d$/,
    );
  });

  it("mixes at least 1,000 distinct addresses, US ZIPs from many states and addresses abroad", async () => {
    const customers: Customer[] = await customerAddresses();
    const distinct = new Set(customers.map((customer) => JSON.stringify(customer.address)));
    expect(distinct.size).toBeGreaterThanOrEqual(1_000);
    const us = customers.filter((customer) => customer.address.address_country === "US");
    expect(new Set(us.map((customer) => customer.address.address_province)).size).toBeGreaterThanOrEqual(50);
    expect(customers.length - us.length).toBeGreaterThanOrEqual(300);
  });

  it("builds calculation bodies over every category and a mix of line counts", () => {
    const customers: Customer[] = internationalAddresses(40);
    const bodies = calculationBodies(customers, (index: number) => mixedLineCounts[index % mixedLineCounts.length]);
    const lineCounts = new Set(
      bodies.map((body: { order_details: { line_items: unknown[] } }) => body.order_details.line_items.length),
    );
    expect([...lineCounts].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 10]);
    const categories = new Set(
      bodies.flatMap((body: { order_details: { line_items: Array<{ product_category: string }> } }) =>
        body.order_details.line_items.map((line) => line.product_category),
      ),
    );
    expect(categories.size).toBe(10);
    expect(bodies[3].order_details.customer_currency_code).toBe(customers[3]!.currency);
  });
});
