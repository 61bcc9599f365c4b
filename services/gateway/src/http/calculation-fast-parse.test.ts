// The fast path must never accept what the schema refuses, and must give what the schema
// gives: every body below, valid or one mutation away from a valid one, is read by both.
import { describe, expect, it } from "vitest";
import { fastCalculationBody } from "./calculation-fast-parse.js";
import { calculationLimits } from "@levy/kit";
import { calculationBody } from "@levy/presenters";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const validBodies: Json[] = [
  {
    customer: {
      address: {
        address_line_1: "1 Main St",
        address_city: "Philadelphia",
        address_province: "PA",
        address_postal_code: "19103",
        address_country: "US",
      },
    },
    order_details: {
      customer_currency_code: "USD",
      line_items: [
        { amount: 1000, quantity: 2, product_category: "general_merchandise", reference_line_item_id: "line-1" },
      ],
    },
  },
  {
    customer: {
      type: "BUSINESS",
      id: "cust_abc",
      reference_customer_id: "ref-1",
      address: { address_line_2: "Flat 2", address_type: "residential", address_country: "de" },
    },
    order_details: {
      customer_currency_code: "eur",
      tax_included_in_amount: true,
      automatic_tax: "auto",
      line_items: [
        { amount: 0, reference_product_id: "sku-1" },
        { amount: 5, quantity: 1, reference_line_item_id: "b" },
        { amount: 7, product_category: "software" },
      ],
    },
    transacted_at: 1_790_000_000,
  },
  { customer: {}, order_details: { customer_currency_code: "CAD", line_items: [{ amount: 1 }] } },
];

const limits = calculationLimits;
/** Values tried in place of every field: wrong types, edges of each limit, text to trim, hidden characters. */
const replacements: Array<Json | undefined> = [
  undefined,
  null,
  true,
  0,
  -1,
  1,
  1.5,
  2,
  3,
  limits.maxAmount - 1,
  limits.maxAmount,
  limits.maxAmount + 1,
  limits.maxQuantity,
  limits.maxQuantity + 1,
  2 ** 53,
  -(2 ** 53),
  "",
  " ",
  "US",
  " US",
  "us",
  "USD",
  "usd ",
  "USDX",
  "auto",
  "disabled",
  "CONSUMER",
  "consumer",
  "BUSINESS",
  "x",
  " x",
  "x ",
  "a\u0000b",
  "a\u202eb",
  "\ud800",
  "\ud83d\ude00",
  "a".repeat(2),
  "a".repeat(20),
  "a".repeat(21),
  "a".repeat(30),
  "a".repeat(31),
  "a".repeat(50),
  "a".repeat(51),
  "a".repeat(100),
  "a".repeat(101),
  "a".repeat(200),
  "a".repeat(201),
  "a".repeat(255),
  "a".repeat(256),
  [],
  [{}],
  {},
  { extra: 1 },
];

/** Every body one change away from `body`: each field replaced, removed or given a stranger. */
function* mutations(body: Json): Generator<Json> {
  if (Array.isArray(body)) {
    for (let index = 0; index < body.length; index++) {
      for (const inner of mutations(body[index]!)) yield body.map((item, at) => (at === index ? inner : item));
    }
    if (body.length > 0) {
      yield [...body, body[0]!];
      yield [];
    }
    return;
  }
  if (body === null || typeof body !== "object") {
    for (const value of replacements) if (value !== undefined) yield value;
    return;
  }
  yield { ...body, unexpected: 1 };
  const rest = JSON.stringify(body).slice(1);
  yield JSON.parse(`{"__proto__": {"x": 1}${rest === "}" ? "" : ","} ${rest}`) as Json;
  for (const key of Object.keys(body)) {
    const { [key]: _removed, ...rest } = body;
    yield rest;
    for (const value of replacements) if (value !== undefined) yield { ...body, [key]: value };
    for (const inner of mutations(body[key]!)) yield { ...body, [key]: inner };
  }
}

function* allBodies(): Generator<Json> {
  for (const body of validBodies) {
    yield body;
    yield* mutations(body);
  }
  // Every optional field the fast path knows, on a body of the largest order it reads.
  const lines = Array.from({ length: limits.lineItems - 1 }, (_, index) => ({
    amount: index,
    reference_line_item_id: `l${index}`,
  }));
  yield { customer: {}, order_details: { customer_currency_code: "USD", line_items: lines } };
  yield { customer: {}, order_details: { customer_currency_code: "USD", line_items: [...lines, { amount: 1 }] } };
  yield {
    customer: {},
    order_details: {
      customer_currency_code: "USD",
      line_items: [
        { amount: 1, reference_line_item_id: "a" },
        { amount: 2, reference_line_item_id: "a" },
      ],
    },
  };
  yield {
    customer: { ip: { value: "8.8.8.8" }, tax_ids: [] },
    order_details: { customer_currency_code: "USD", line_items: [{ amount: 1 }] },
  };
}

describe("the fast path of the calculation body", () => {
  it("reads the plain valid bodies itself, giving what the schema gives", () => {
    for (const body of validBodies) {
      const fast = fastCalculationBody(body);
      expect(fast, JSON.stringify(body)).toBeDefined();
      expect(fast).toStrictEqual(calculationBody.parse(body));
    }
  });

  it("accepts nothing the schema refuses and answers as the schema does", () => {
    let read = 0;
    let total = 0;
    for (const body of allBodies()) {
      total += 1;
      const fast = fastCalculationBody(body);
      if (fast === undefined) continue;
      read += 1;
      const checked = calculationBody.safeParse(body);
      expect(checked.success, `fast path accepted ${JSON.stringify(body).slice(0, 300)}`).toBe(true);
      expect(fast, JSON.stringify(body).slice(0, 300)).toStrictEqual(checked.data);
    }
    // Both outcomes were exercised, thousands of bodies in all.
    expect(total).toBeGreaterThan(3000);
    expect(read).toBeGreaterThan(100);
    expect(read).toBeLessThan(total);
  });
});
