// Seeds one account through the gateway's REST API so the MCP tools have real records
// to read: customers, products, merchants, calculations, transactions (June 2025, May
// 2025 and this month), a platform transaction of one merchant, and a refund.
import { expect } from "vitest";
import type { createApi } from "../support/api.js";

type Api = ReturnType<typeof createApi>;

const V = "2026-03-01";
export const june = Date.UTC(2025, 5, 15) / 1000;
export const may = Date.UTC(2025, 4, 10) / 1000;
/** The filing of the June sales (all in Detroit, Michigan: state tax only). */
export const juneFiling = "fil_2025-06_US-MI_USD";
const detroit = {
  address_line_1: "1 Woodward Ave",
  address_city: "Detroit",
  address_province: "MI",
  address_postal_code: "48226",
  address_country: "US",
};
const philadelphia = {
  address_line_1: "1 Market St",
  address_city: "Philadelphia",
  address_province: "PA",
  address_postal_code: "19103",
  address_country: "US",
};

export interface Seed {
  readonly customers: any[];
  readonly products: any[];
  readonly merchants: any[];
  /** June: two standard sales and one platform sale of merchants[0]; then May; then now. */
  readonly transactions: { juneA: any; juneB: any; junePlatform: any; may: any; now: any };
  readonly refund: any;
}

async function must(response: Promise<{ status: number; body: any }>): Promise<any> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

export async function seedAccount(api: Api, key: string, tag: string): Promise<Seed> {
  const post = (path: string, body: unknown, version?: string) =>
    must(api(path, { key, body, ...(version ? { version } : {}) }));
  const customers = [
    await post("/tax/customers", {
      email: `ada-${tag}@example.com`,
      name: "Ada",
      reference_customer_id: `c-ada-${tag}`,
    }),
    await post("/tax/customers", {
      email: `bob-${tag}@example.com`,
      name: "Bob",
      reference_customer_id: `c-bob-${tag}`,
      is_tax_exempt: true,
    }),
  ];
  const products = [];
  for (const [id, category] of [
    ["p-shirt", "CLOTHING_GENERAL"],
    ["p-laptop", "ELECTRONIC_GOODS"],
    ["p-app", "SAAS_GENERAL"],
  ] as const) {
    products.push(
      await post("/tax/products", {
        reference_product_id: `${id}-${tag}`,
        reference_product_name: id,
        product_category: category,
      }),
    );
  }
  const merchants = [
    await post(
      "/tax/merchants",
      { reference_merchant_id: `m-one-${tag}`, name: "Merchant One", default_address: detroit },
      V,
    ),
    await post("/tax/merchants", { reference_merchant_id: `m-two-${tag}`, name: "Merchant Two" }, V),
  ];
  const sale = async (address: object, amount: number, order: string, processedAt?: number) => {
    const calculation = await post("/tax/calculations", {
      customer: { address },
      order_details: {
        customer_currency_code: "USD",
        line_items: [{ amount, quantity: 1, product_category: "GENERAL_MERCHANDISE", reference_line_item_id: "l1" }],
      },
    });
    return post("/tax/transactions", {
      calculation_id: calculation.id,
      reference_order_id: `${order}-${tag}`,
      ...(processedAt ? { transaction_processed_at: processedAt } : {}),
    });
  };
  const juneA = await sale(detroit, 10000, "june-a", june);
  const juneB = await sale(detroit, 2500, "june-b", june + 3600);
  const platformCalculation = await post(
    "/tax/platform/calculations",
    {
      customer: { address: detroit },
      merchant: { merchant_id: merchants[0].id },
      order_details: {
        customer_currency_code: "USD",
        line_items: [{ amount: 2500, quantity: 2, product_category: "GENERAL_MERCHANDISE" }],
      },
      roles: ["marketplace_provider"],
    },
    V,
  );
  const platform = await post(
    "/tax/platform/transactions",
    {
      platform_calculation_id: platformCalculation.id,
      reference_order_id: `june-p-${tag}`,
      reference_payment_id: "pay-1",
      transaction_processed_at: june + 7200,
    },
    V,
  );
  const mayTransaction = await sale(philadelphia, 4000, "may", may);
  const nowTransaction = await sale(detroit, 1000, "now");
  const refund = await post("/tax/refunds", {
    transaction_id: juneA.id,
    type: "partial",
    refund_processed_at: june + 86_400,
    line_items: [{ reference_line_item_id: "l1", amount: 5000 }],
  });
  return {
    customers,
    products,
    merchants,
    transactions: { juneA, juneB, junePlatform: platform.data[0], may: mayTransaction, now: nowTransaction },
    refund,
  };
}
