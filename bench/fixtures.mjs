// What the benchmark sends: an account with its keys, a customer, a merchant and a few
// customers to list (created through the public API before any load), and one request
// definition per endpoint. Bodies follow docs/decisions.md and the interface spec.
// Calculations cycle through pools of bodies over 1,600 distinct US and international
// addresses (bench/addresses.mjs) and all categories, so no cache sees only one key.
import { customerAddresses } from "./addresses.mjs";

const version = "2026-03-01";
const philadelphia = {
  address_line_1: "1 Main St",
  address_city: "Philadelphia",
  address_province: "PA",
  address_postal_code: "19103",
  address_country: "US",
};
const categories = [
  "GENERAL_MERCHANDISE",
  "CLOTHING_GENERAL",
  "ELECTRONIC_GOODS",
  "BOOKS_PRINTED",
  "GROCERIES",
  "PREPARED_FOOD",
  "SOFT_DRINKS",
  "CANDY",
  "OTC_DRUGS",
  "DIGITAL_GOODS",
];

async function call(baseUrl, path, { token, body, headers = {} }) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      "x-api-version": version,
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`set-up ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A calculation of `lines` lines to `customer` ({address, currency}); categories rotate with `orderIndex`. */
export function calculationBody(lines, orderIndex = 0, customer = { address: philadelphia, currency: "USD" }) {
  return {
    customer: { address: customer.address },
    order_details: {
      customer_currency_code: customer.currency,
      line_items: Array.from({ length: lines }, (_, index) => ({
        amount: 1000 + index * 250 + (orderIndex % 100),
        quantity: 1 + (index % 3),
        product_category: categories[(orderIndex + index) % categories.length],
        reference_line_item_id: `line-${index + 1}`,
      })),
    },
  };
}

/** Line counts of the mixed load: mostly small checkouts, some large ones. */
export const mixedLineCounts = [1, 1, 1, 1, 2, 2, 3, 4, 5, 10];

/** One body per customer address; `lines` is a count or a function of the body's index. */
export function calculationBodies(customers, lines) {
  return customers.map((customer, index) =>
    calculationBody(typeof lines === "function" ? lines(index) : lines, index, customer),
  );
}

/** Creates the account and records the endpoints read, then returns the endpoint list. */
export async function prepareFixtures(system) {
  const { restUrl, mcpUrl, adminToken } = system;
  const created = await call(restUrl, "/admin/v1/accounts", { token: adminToken, body: { name: "Benchmark" } });
  const key = created.keys.find((k) => k.kind === "secret" && k.mode === "test").secret;
  for (let index = 1; index <= 25; index += 1) {
    await call(restUrl, "/tax/customers", {
      token: key,
      body: { email: `buyer${index}@example.com`, name: `Buyer ${index}`, reference_customer_id: `bench-c-${index}` },
    });
  }
  await call(restUrl, "/tax/merchants", {
    token: key,
    body: { reference_merchant_id: "bench-m-1", name: "Bench Goods", default_address: philadelphia },
  });
  const auth = { authorization: `Bearer ${key}`, "x-api-version": version };
  const mcpHeaders = { authorization: `Bearer ${key}`, accept: "application/json, text/event-stream" };
  const customers = await customerAddresses();
  const oneLine = calculationBodies(customers, 1);
  const tenLines = calculationBodies(customers, 10);
  const mixed = calculationBodies(customers, (index) => mixedLineCounts[index % mixedLineCounts.length]);
  // A payment processor's calculation with a fee taxed separately, to a US customer.
  const platformBodies = customers
    .filter((customer) => customer.address.address_country === "US")
    .map((customer, index) => ({
      customer: { address: customer.address },
      merchant: { merchant_id: "bench-m-1" },
      order_details: {
        customer_currency_code: "USD",
        line_items: [
          {
            amount: 2500 + (index % 100),
            quantity: 1 + (index % 3),
            product_category: categories[index % categories.length],
          },
        ],
      },
      fee_details: {
        customer_currency_code: "USD",
        line_items: [{ amount: 300, quantity: 1, product_category: "PROFESSIONAL_SERVICES" }],
      },
      roles: ["payment_processor"],
    }));
  const pool = (bodies) => ({ body: bodies[0], bodies });
  return {
    key,
    endpoints: [
      {
        key: "calc1",
        name: "POST /tax/calculations (1 line)",
        url: restUrl,
        method: "POST",
        path: "/tax/calculations",
        headers: auth,
        ...pool(oneLine),
      },
      {
        key: "calc10",
        name: "POST /tax/calculations (10 lines)",
        url: restUrl,
        method: "POST",
        path: "/tax/calculations",
        headers: auth,
        ...pool(tenLines),
      },
      {
        key: "platform",
        name: "POST /tax/platform/calculations (with fees)",
        url: restUrl,
        method: "POST",
        path: "/tax/platform/calculations",
        headers: auth,
        ...pool(platformBodies),
      },
      {
        key: "transactions",
        name: "POST /tax/transactions",
        url: restUrl,
        method: "POST",
        path: "/tax/transactions",
        headers: auth,
        pool: "transactions",
      },
      {
        key: "customers",
        name: "GET /tax/customers?limit=10",
        url: restUrl,
        method: "GET",
        path: "/tax/customers?limit=10",
        headers: auth,
      },
      // The fixed-rate run: mixed line counts at a set number of calculations per second.
      {
        key: "calcRate",
        name: "POST /tax/calculations (mixed lines, fixed rate)",
        url: restUrl,
        method: "POST",
        path: "/tax/calculations",
        headers: auth,
        ...pool(mixed),
        fixedRate: true,
      },
      {
        key: "mcp",
        name: "MCP tools/call get_customer",
        url: mcpUrl,
        method: "POST",
        path: "/mcp",
        headers: mcpHeaders,
        body: {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "get_customer", arguments: { customer_id: "bench-c-1" } },
        },
      },
    ],
  };
}

/** Bodies recording each of `calculationIds` once, under an order id of its own. */
export function transactionBodies(calculationIds, runTag) {
  return calculationIds.map((calculationId, index) => ({
    calculation_id: calculationId,
    reference_order_id: `bench-${runTag}-${index}`,
    transaction_processed_at: 1_790_000_000,
  }));
}
