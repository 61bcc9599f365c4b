// Seeds one account for the security suites through the public API: every resource type
// in test mode (mcp-seed: customers, products, merchants, calculations, transactions,
// platform transactions, a refund) and in live mode, plus the live-only certificate
// records (master buyer, certificate request, hand-entered certificate, a processed upload).
import { expect } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import { eventually } from "../mcp/mcp-client.js";
import { seedAccount, type Seed } from "../mcp/mcp-seed.js";
import { makePdf, sstCertificate } from "../certificates/support/documents.js";
import type { DocumentServer } from "../certificates/support/document-server.js";
import type { SystemUnderTest } from "../support/system.js";
import type { FuzzWorld } from "./rest-catalogue.js";

const V = "2026-03-01";
const detroit = {
  address_line_1: "1 Woodward Ave",
  address_city: "Detroit",
  address_province: "MI",
  address_postal_code: "48226",
  address_country: "US",
};

export interface SeededAccount {
  readonly keys: AccountKeys;
  readonly world: FuzzWorld;
  /** The same resource types in live mode (for cross-mode attempts). */
  readonly liveSeed: Seed;
}

async function must(answer: Promise<{ status: number; body: any }>, status = 200): Promise<any> {
  const response = await answer;
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body;
}

export async function seedSecurityAccount(
  system: SystemUnderTest,
  docs: DocumentServer,
  tag: string,
): Promise<SeededAccount> {
  const api = createApi(system.restUrl);
  const keys = await createAccount(system.restUrl, system.adminToken, `Security ${tag}`);
  const seed = await seedAccount(api, keys.testSecret, `${tag}-t`);
  const liveSeed = await seedAccount(api, keys.liveSecret, `${tag}-l`);
  const post = (path: string, body: unknown, key = keys.testSecret) => must(api(path, { key, body, version: V }));
  const order = {
    customer_currency_code: "USD",
    line_items: [{ amount: 2000, quantity: 1, product_category: "GENERAL_MERCHANDISE", reference_line_item_id: "l1" }],
  };
  const calculation = await post("/tax/calculations", { customer: { address: detroit }, order_details: order });
  const platform = await post("/tax/platform/calculations", {
    customer: { address: detroit },
    merchant: { merchant_id: seed.merchants[0].id },
    order_details: order,
    roles: ["payment_processor"],
  });

  const admin = (path: string, body: unknown) =>
    must(
      api(`/admin/v1/accounts/${keys.accountId}${path}`, {
        headers: { authorization: `Bearer ${system.adminToken}` },
        body,
      }),
      201,
    );
  const live = (path: string, body?: unknown, status = 200) =>
    must(api(path, { key: keys.liveSecret, version: V, ...(body ? { body } : {}) }), status);
  const customer = liveSeed.customers[0];
  const buyer = await admin("/buyers", { legal_name: `Buyer ${tag} LLC`, customer: { id: customer.id } });
  const request = await admin("/certificate-requests", { buyer_id: buyer.id, jurisdictions: ["WA"] });
  const certificate = await admin("/certificates", {
    customer: { id: customer.id },
    certificate_type: "resale",
    jurisdictions: ["TX"],
    issued_on: "2026-01-01",
    expires_on: "2099-12-31",
  });
  const documentPath = `/files/security-${tag}-${Date.now().toString(36)}/cert.pdf`;
  docs.serve(
    documentPath,
    makePdf({
      certificates: [sstCertificate(["WA", "NC"], { expiresOn: "2098-06-30" })],
      nonce: `${tag}-${Date.now()}`,
    }),
  );
  const submitted = await live(
    "/tax/certificates",
    { document_url: docs.url(documentPath), customer: { id: customer.id } },
    201,
  );
  const upload = await eventually(
    () => live(`/tax/certificate-uploads/${submitted.id}`),
    (value) => value.status !== "processing",
    30_000,
  );
  const link = new URL(upload.document_url);
  return {
    keys,
    liveSeed,
    world: {
      accountId: keys.accountId,
      testKey: keys.testSecret,
      liveKey: keys.liveSecret,
      adminToken: system.adminToken,
      seed,
      calculationId: calculation.id,
      platformCalculationId: platform.id,
      live: {
        customerId: customer.id,
        buyerId: buyer.id,
        requestId: request.id,
        certificateId: certificate.id,
        uploadId: upload.id,
        documentUrl: docs.url(documentPath),
      },
      link: { uploadId: upload.id, query: Object.fromEntries(link.searchParams.entries()) },
    },
  };
}
