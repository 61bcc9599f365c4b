// Every REST endpoint the fuzzer drives: method, path template, which credential, and
// builders of a valid path, query and body from the seeded world. route-table.ts checks
// that this list and the gateway's routes are the same set.
import type { Seed } from "../mcp/mcp-seed.js";

export interface FuzzWorld {
  readonly accountId: string;
  readonly testKey: string;
  readonly liveKey: string;
  readonly adminToken: string;
  readonly seed: Seed;
  readonly calculationId: string;
  readonly platformCalculationId: string;
  readonly live: {
    customerId: string;
    buyerId: string;
    requestId: string;
    certificateId: string;
    uploadId: string;
    documentUrl: string;
  };
  /** The query of a signed document link (account, expires, signature). */
  readonly link: { uploadId: string; query: Record<string, string> };
}

export type Credential = "test" | "live" | "admin" | "link";

export interface Endpoint {
  readonly method: "GET" | "POST" | "DELETE";
  readonly path: string;
  readonly credential: Credential;
  /** Send X-API-Version (required there). */
  readonly version?: boolean;
  readonly params?: (world: FuzzWorld) => Record<string, string>;
  readonly query?: (world: FuzzWorld) => Record<string, string>;
  readonly body?: (world: FuzzWorld) => Record<string, unknown>;
}

const detroit = {
  address_line_1: "1 Woodward Ave",
  address_city: "Detroit",
  address_province: "MI",
  address_postal_code: "48226",
  address_country: "US",
};
const order = () => ({
  customer_currency_code: "USD",
  tax_included_in_amount: false,
  line_items: [{ amount: 1000, quantity: 1, product_category: "GENERAL_MERCHANDISE", reference_line_item_id: "l1" }],
});
const list = { limit: "5" };
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

export const restCatalogue: readonly Endpoint[] = [
  {
    method: "POST",
    path: "/tax/customers",
    credential: "test",
    body: () => ({
      email: `${unique("fz")}@example.com`,
      name: "Fuzz",
      reference_customer_id: unique("c"),
      is_tax_exempt: false,
    }),
  },
  {
    method: "GET",
    path: "/tax/customers",
    credential: "test",
    query: (w) => ({ ...list, email: w.seed.customers[0].email, name_prefix: "Ad", is_tax_exempt: "false" }),
  },
  {
    method: "GET",
    path: "/tax/customers/:customer_id",
    credential: "test",
    params: (w) => ({ customer_id: w.seed.customers[0].id }),
  },
  {
    method: "POST",
    path: "/tax/customers/:customer_id",
    credential: "test",
    params: (w) => ({ customer_id: w.seed.customers[1].id }),
    body: () => ({ name: "Renamed", is_tax_exempt: true }),
  },
  {
    method: "DELETE",
    path: "/tax/customers/:customer_id",
    credential: "test",
    params: () => ({ customer_id: "cust_doesnotexist" }),
  },
  {
    method: "POST",
    path: "/tax/products",
    credential: "test",
    body: () => ({
      reference_product_id: unique("p"),
      reference_product_name: "Fuzz",
      product_category: "GENERAL_MERCHANDISE",
    }),
  },
  { method: "GET", path: "/tax/products", credential: "test", query: () => list },
  {
    method: "GET",
    path: "/tax/products/:reference_product_id",
    credential: "test",
    params: (w) => ({ reference_product_id: w.seed.products[0].reference_product_id }),
  },
  {
    method: "DELETE",
    path: "/tax/products/:reference_product_id",
    credential: "test",
    params: () => ({ reference_product_id: "p-doesnotexist" }),
  },
  {
    method: "POST",
    path: "/tax/merchants",
    credential: "test",
    version: true,
    body: () => ({
      reference_merchant_id: unique("m"),
      name: "Fuzz",
      email: "m@example.com",
      default_address: detroit,
      tax_ids: [{ type: "US_EIN", value: "12-3456789" }],
    }),
  },
  {
    method: "GET",
    path: "/tax/merchants",
    credential: "test",
    version: true,
    query: () => ({ ...list, name_prefix: "Merchant" }),
  },
  {
    method: "GET",
    path: "/tax/merchants/:merchant_id",
    credential: "test",
    version: true,
    params: (w) => ({ merchant_id: w.seed.merchants[0].id }),
  },
  {
    method: "POST",
    path: "/tax/merchants/:merchant_id",
    credential: "test",
    version: true,
    params: (w) => ({ merchant_id: w.seed.merchants[1].id }),
    body: () => ({ name: "Renamed", email: "r@example.com", default_address: detroit }),
  },
  {
    method: "DELETE",
    path: "/tax/merchants/:merchant_id",
    credential: "test",
    version: true,
    params: () => ({ merchant_id: "m-doesnotexist" }),
  },
  {
    method: "POST",
    path: "/tax/calculations",
    credential: "test",
    body: () => ({
      customer: { address: detroit, type: "CONSUMER" },
      order_details: order(),
      transacted_at: 1_790_000_000,
    }),
  },
  {
    method: "POST",
    path: "/tax/platform/calculations",
    credential: "test",
    version: true,
    body: (w) => ({
      customer: { address: detroit },
      merchant: { merchant_id: w.seed.merchants[0].id },
      order_details: order(),
      roles: ["marketplace_provider"],
    }),
  },
  {
    method: "POST",
    path: "/tax/transactions",
    credential: "test",
    body: (w) => ({
      calculation_id: w.calculationId,
      reference_order_id: unique("o"),
      transaction_processed_at: 1_790_000_000,
      metadata: { channel: "web" },
    }),
  },
  {
    method: "GET",
    path: "/tax/transactions",
    credential: "test",
    query: (w) => ({
      ...list,
      from: "2025-01-01",
      to: "2026-12-31",
      reference_order_id: w.seed.transactions.juneB.reference_order_id,
    }),
  },
  {
    method: "GET",
    path: "/tax/filings",
    credential: "test",
    query: () => ({ ...list, status: "pending_client_approval", from: "2025-01-01" }),
  },
  {
    method: "GET",
    path: "/tax/filings/:filing_id",
    credential: "test",
    params: () => ({ filing_id: "fil_2025-06_US-MI_USD" }),
  },
  {
    method: "GET",
    path: "/tax/filings/:filing_id/lines.csv",
    credential: "test",
    params: () => ({ filing_id: "fil_2025-06_US-MI_USD" }),
  },
  {
    method: "GET",
    path: "/tax/sales-summary",
    credential: "test",
    query: () => ({ from: "2025-06-01", to: "2025-06-30" }),
  },
  {
    method: "GET",
    path: "/tax/rates",
    credential: "test",
    query: () => ({ country: "US", province: "MI", postal_code: "48226", category: "GENERAL_MERCHANDISE" }),
  },
  {
    method: "GET",
    path: "/tax/transactions/:transaction_id",
    credential: "test",
    params: (w) => ({ transaction_id: w.seed.transactions.juneB.id }),
  },
  {
    method: "DELETE",
    path: "/tax/transactions/:transaction_id",
    credential: "test",
    params: () => ({ transaction_id: "tr_doesnotexist" }),
  },
  {
    method: "GET",
    path: "/tax/transactions/:transaction_id/refunds",
    credential: "test",
    params: (w) => ({ transaction_id: w.seed.transactions.juneA.id }),
  },
  {
    method: "POST",
    path: "/tax/refunds",
    credential: "test",
    body: (w) => ({
      transaction_id: w.seed.transactions.may.id,
      type: "partial",
      refund_processed_at: 1_790_000_000,
      line_items: [{ reference_line_item_id: "l1", amount: 1 }],
    }),
  },
  { method: "POST", path: "/tax/refund_reversals", credential: "test", body: (w) => ({ refund_id: w.seed.refund.id }) },
  {
    method: "POST",
    path: "/tax/platform/transactions",
    credential: "test",
    version: true,
    body: (w) => ({
      platform_calculation_id: w.platformCalculationId,
      reference_order_id: unique("po"),
      reference_payment_id: "pay-1",
      transaction_processed_at: 1_790_000_000,
    }),
  },
  {
    method: "GET",
    path: "/tax/certificate-requests",
    credential: "live",
    version: true,
    query: (w) => ({ ...list, status: "pending", customer: w.live.customerId }),
  },
  // Webhook endpoints: the body's host never resolves (.invalid), so no endpoint is stored
  // and no delivery is attempted; the id routes name an endpoint that does not exist.
  {
    method: "POST",
    path: "/tax/webhook-endpoints",
    credential: "test",
    body: () => ({ url: "https://hooks.invalid/levy", enabled_events: ["transaction.created"], description: "fuzz" }),
  },
  { method: "GET", path: "/tax/webhook-endpoints", credential: "test", query: () => list },
  {
    method: "GET",
    path: "/tax/webhook-endpoints/:endpoint_id",
    credential: "test",
    params: () => ({ endpoint_id: "we_doesnotexist" }),
  },
  {
    method: "DELETE",
    path: "/tax/webhook-endpoints/:endpoint_id",
    credential: "test",
    params: () => ({ endpoint_id: "we_doesnotexist" }),
  },
  {
    method: "GET",
    path: "/tax/webhook-endpoints/:endpoint_id/deliveries",
    credential: "test",
    query: () => list,
    params: () => ({ endpoint_id: "we_doesnotexist" }),
  },
  {
    method: "GET",
    path: "/tax/certificate-requests/:request_id",
    credential: "live",
    version: true,
    params: (w) => ({ request_id: w.live.requestId }),
  },
  {
    method: "DELETE",
    path: "/tax/certificate-requests/:request_id",
    credential: "live",
    version: true,
    params: () => ({ request_id: "creq_doesnotexist" }),
  },
  {
    method: "GET",
    path: "/tax/certificates",
    credential: "live",
    version: true,
    query: (w) => ({
      ...list,
      customer: w.live.customerId,
      jurisdiction: "TX",
      status: "active",
      certificate_type: "resale",
      created_from: "0",
      created_to: "4000000000",
      expires_from: "2000-01-01",
      expires_to: "2100-01-01",
    }),
  },
  {
    method: "GET",
    path: "/tax/certificates/:certificate_id",
    credential: "live",
    version: true,
    params: (w) => ({ certificate_id: w.live.certificateId }),
  },
  {
    method: "POST",
    path: "/tax/certificates",
    credential: "live",
    version: true,
    body: (w) => ({ document_url: w.live.documentUrl, filename: "cert.pdf", customer: { id: w.live.customerId } }),
  },
  {
    method: "GET",
    path: "/tax/certificate-uploads",
    credential: "live",
    version: true,
    query: (w) => ({ ...list, status: "completed", customer: w.live.customerId }),
  },
  {
    method: "GET",
    path: "/tax/certificate-uploads/:upload_id",
    credential: "live",
    version: true,
    params: (w) => ({ upload_id: w.live.uploadId }),
  },
  {
    method: "POST",
    path: "/admin/v1/accounts",
    credential: "admin",
    body: () => ({ name: "Fuzz account", api_version: "2026-03-01" }),
  },
  { method: "GET", path: "/admin/v1/accounts", credential: "admin", query: () => list },
  {
    method: "GET",
    path: "/admin/v1/accounts/:account_id",
    credential: "admin",
    params: (w) => ({ account_id: w.accountId }),
  },
  {
    method: "POST",
    path: "/admin/v1/accounts/:account_id",
    credential: "admin",
    params: (w) => ({ account_id: w.accountId }),
    body: () => ({ api_version: "2026-03-01" }),
  },
  {
    method: "GET",
    path: "/admin/v1/accounts/:account_id/keys",
    credential: "admin",
    params: (w) => ({ account_id: w.accountId }),
    query: () => list,
  },
  {
    method: "POST",
    path: "/admin/v1/accounts/:account_id/keys",
    credential: "admin",
    params: (w) => ({ account_id: w.accountId }),
    body: () => ({ kind: "publishable", mode: "test" }),
  },
  {
    method: "DELETE",
    path: "/admin/v1/keys/:key_id",
    credential: "admin",
    params: () => ({ key_id: "key_doesnotexist" }),
  },
  {
    method: "POST",
    path: "/admin/v1/accounts/:account_id/buyers",
    credential: "admin",
    params: (w) => ({ account_id: w.accountId }),
    body: (w) => ({ legal_name: "Fuzz Buyer LLC", customer: { id: w.live.customerId } }),
  },
  {
    method: "DELETE",
    path: "/admin/v1/accounts/:account_id/buyers/:buyer_id",
    credential: "admin",
    params: (w) => ({ account_id: w.accountId, buyer_id: "buyer_doesnotexist" }),
  },
  {
    method: "POST",
    path: "/admin/v1/accounts/:account_id/certificate-requests",
    credential: "admin",
    params: (w) => ({ account_id: w.accountId }),
    body: (w) => ({ buyer_id: w.live.buyerId, jurisdictions: ["WA"] }),
  },
  {
    method: "POST",
    path: "/admin/v1/accounts/:account_id/certificates",
    credential: "admin",
    params: (w) => ({ account_id: w.accountId }),
    body: (w) => ({
      customer: { id: w.live.customerId },
      certificate_type: "resale",
      jurisdictions: ["TX"],
      buyer_name: "Fuzz",
      issued_on: "2026-01-01",
      expires_on: "2099-12-31",
      signed: true,
    }),
  },
  {
    method: "GET",
    path: "/documents/v1/:upload_id",
    credential: "link",
    params: (w) => ({ upload_id: w.link.uploadId }),
    query: (w) => w.link.query,
  },
];

/** The concrete path of an endpoint with the given parameters (each URL-encoded). */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_all, name: string) => encodeURIComponent(params[name] ?? ""));
}
