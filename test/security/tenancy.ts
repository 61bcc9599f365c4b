// Cross-tenant and cross-mode access: every resource account A created (in test and in
// live mode) is attempted by account B (both modes) and by A's other mode — by service
// id, by reference id, through every write that names it, and through every list and
// filter. The answer is always the not-found one (or TESTMODE_NOT_SUPPORTED for a test
// key on certificate routes); lists never show A's records; A's records are unchanged.
import { describe, expect, it } from "vitest";
import type { ApiResponse } from "../support/api.js";
import { createApi } from "../support/api.js";
import { inBatches } from "./requests.js";
import type { Seed } from "../mcp/mcp-seed.js";
import type { SeededAccount } from "./world.js";
import { expectNotFound, expectRejected, type Tally } from "./verdict.js";

const V = "2026-03-01";

export interface TenancyContext {
  restUrl: string;
  a: SeededAccount;
  b: SeededAccount;
  tally: Tally;
}

type Attempt = { what: string; path: string; method?: string; body?: unknown };

/** Every by-id and by-reference attempt at one seed's records. */
export function attemptsOn(seed: Seed, extra: { calculationId?: string; platformCalculationId?: string }): Attempt[] {
  const customer = seed.customers[0];
  const product = seed.products[0];
  const merchant = seed.merchants[0];
  const transaction = seed.transactions.juneA;
  const attempts: Attempt[] = [];
  for (const id of [customer.id, customer.reference_customer_id]) {
    attempts.push(
      { what: "get customer", path: `/tax/customers/${id}` },
      { what: "update customer", path: `/tax/customers/${id}`, body: { name: "Mallory" } },
      { what: "delete customer", path: `/tax/customers/${id}`, method: "DELETE" },
    );
    attempts.push({
      what: "calculate for customer",
      path: "/tax/calculations",
      body: {
        customer: {
          id,
          address: {
            address_country: "US",
            address_province: "MI",
            address_postal_code: "48226",
            address_city: "Detroit",
            address_line_1: "1 Woodward Ave",
          },
        },
        order_details: {
          customer_currency_code: "USD",
          line_items: [{ amount: 100, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
        },
      },
    });
  }
  for (const id of [product.reference_product_id, product.id].filter(Boolean)) {
    attempts.push(
      { what: "get product", path: `/tax/products/${id}` },
      { what: "delete product", path: `/tax/products/${id}`, method: "DELETE" },
    );
  }
  for (const id of [merchant.id, merchant.reference_merchant_id]) {
    attempts.push(
      { what: "get merchant", path: `/tax/merchants/${id}` },
      { what: "update merchant", path: `/tax/merchants/${id}`, body: { name: "Mallory" } },
      { what: "delete merchant", path: `/tax/merchants/${id}`, method: "DELETE" },
    );
    attempts.push({
      what: "platform calculation for merchant",
      path: "/tax/platform/calculations",
      body: {
        customer: { address: { address_country: "US", address_province: "MI", address_postal_code: "48226" } },
        merchant: { merchant_id: id },
        order_details: {
          customer_currency_code: "USD",
          line_items: [{ amount: 100, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
        },
        roles: ["marketplace_provider"],
      },
    });
  }
  for (const id of [transaction.id, transaction.reference_order_id, seed.transactions.junePlatform.id]) {
    attempts.push(
      { what: "get transaction", path: `/tax/transactions/${id}` },
      { what: "list refunds of transaction", path: `/tax/transactions/${id}/refunds` },
      { what: "delete transaction", path: `/tax/transactions/${id}`, method: "DELETE" },
    );
    attempts.push({
      what: "refund transaction",
      path: "/tax/refunds",
      body: { transaction_id: id, type: "full", refund_processed_at: 1_790_000_000 },
    });
  }
  attempts.push({ what: "reverse refund", path: "/tax/refund_reversals", body: { refund_id: seed.refund.id } });
  if (extra.calculationId)
    attempts.push({
      what: "record calculation",
      path: "/tax/transactions",
      body: { calculation_id: extra.calculationId, reference_order_id: "mallory-1" },
    });
  if (extra.platformCalculationId) {
    attempts.push({
      what: "record platform calculation",
      path: "/tax/platform/transactions",
      body: {
        platform_calculation_id: extra.platformCalculationId,
        reference_order_id: "mallory-2",
        reference_payment_id: "p",
        transaction_processed_at: 1_790_000_000,
      },
    });
  }
  return attempts;
}

function certificateAttempts(live: SeededAccount["world"]["live"]): Attempt[] {
  return [
    { what: "get certificate request", path: `/tax/certificate-requests/${live.requestId}` },
    { what: "cancel certificate request", path: `/tax/certificate-requests/${live.requestId}`, method: "DELETE" },
    { what: "get certificate", path: `/tax/certificates/${live.certificateId}` },
    { what: "get certificate upload", path: `/tax/certificate-uploads/${live.uploadId}` },
    {
      what: "submit certificate for customer",
      path: "/tax/certificates",
      body: { document_url: live.documentUrl, customer: { id: live.customerId } },
    },
  ];
}

export async function allPages(
  api: ReturnType<typeof createApi>,
  path: string,
  key: string,
  query = "",
): Promise<ApiResponse[]> {
  const pages: ApiResponse[] = [];
  let cursor: string | null = null;
  do {
    const page: ApiResponse = await api(
      `${path}?limit=100${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      { key, version: V },
    );
    pages.push(page);
    cursor = page.status === 200 ? page.body.next_cursor : null;
  } while (cursor && pages.length < 50);
  return pages;
}

export function describeTenancy(ctx: TenancyContext): void {
  describe("tenancy: other accounts and the other mode see nothing of account A", () => {
    const api = () => createApi(ctx.restUrl);
    /** Who attacks records of the given mode: B's two keys and A's key of the other mode. */
    const attackers = (livemode: boolean) => [
      { who: "account B, test key", key: ctx.b.keys.testSecret },
      { who: "account B, live key", key: ctx.b.keys.liveSecret },
      {
        who: `account A, ${livemode ? "test" : "live"} key`,
        key: livemode ? ctx.a.keys.testSecret : ctx.a.keys.liveSecret,
      },
    ];
    const send = (attempt: Attempt, key: string) =>
      api()(attempt.path, {
        key,
        version: V,
        ...(attempt.method ? { method: attempt.method } : {}),
        ...(attempt.body ? { body: attempt.body } : {}),
      });

    it("by id and by reference id, reads and writes are the not-found answer", async () => {
      const scopes = [
        {
          livemode: false,
          seed: ctx.a.world.seed,
          extra: { calculationId: ctx.a.world.calculationId, platformCalculationId: ctx.a.world.platformCalculationId },
        },
        { livemode: true, seed: ctx.a.liveSeed, extra: {} },
      ];
      for (const scope of scopes) {
        for (const attacker of attackers(scope.livemode)) {
          await inBatches(attemptsOn(scope.seed, scope.extra), async (attempt) => {
            const response = await send(attempt, attacker.key);
            ctx.tally.check("tenancy: REST by id", `${attacker.who} → ${attempt.what} ${attempt.path}`, () =>
              expectNotFound(response),
            );
          });
        }
      }
      for (const attacker of attackers(true)) {
        for (const attempt of certificateAttempts(ctx.a.world.live)) {
          const response = await send(attempt, attacker.key);
          ctx.tally.check("tenancy: REST by id", `${attacker.who} → ${attempt.what}`, () => {
            if (attacker.key.startsWith("sk_test_")) {
              expectRejected(response);
              expect(response.body.error.error_code).toBe("TESTMODE_NOT_SUPPORTED");
            } else if (attempt.path === "/tax/certificates") {
              expect([201, 404], JSON.stringify(response.body)).toContain(response.status);
              if (response.status === 201)
                expect(response.body.customer?.id ?? null).not.toBe(ctx.a.world.live.customerId);
            } else expectNotFound(response);
          });
        }
      }
    });

    it("a signed document link does not open with another account or another upload", async () => {
      const { link } = ctx.a.world;
      const variants = [
        { ...link.query, account: ctx.b.keys.accountId },
        { ...link.query, expires: String(Number(link.query.expires) + 3600) },
      ];
      for (const query of variants) {
        const response = await api()(`/documents/v1/${link.uploadId}?${new URLSearchParams(query)}`);
        ctx.tally.check("tenancy: REST by id", "document link for another account", () => {
          expectRejected(response);
          expect(response.status).toBe(403);
        });
      }
      const other = await api()(`/documents/v1/${ctx.b.world.live.uploadId}?${new URLSearchParams(link.query)}`);
      ctx.tally.check("tenancy: REST by id", "document link of another upload", () => {
        expectRejected(other);
        expect(other.status).toBe(403);
      });
    });

    it("no list or filter shows A's records", async () => {
      const own = (seed: Seed) =>
        [...seed.customers, ...seed.merchants]
          .map((record: any) => record.id)
          .concat(seed.products.map((product: any) => product.reference_product_id));
      const aTest = own(ctx.a.world.seed);
      const aLive = [
        ...own(ctx.a.liveSeed),
        ctx.a.world.live.certificateId,
        ctx.a.world.live.requestId,
        ctx.a.world.live.uploadId,
      ];
      // B may see none of A's records; A's other mode none of the mode it is not.
      const forbidden = (key: string) =>
        new Set(key === ctx.a.keys.liveSecret ? aTest : key === ctx.a.keys.testSecret ? aLive : [...aTest, ...aLive]);
      const lists: Array<{ path: string; query?: string; live?: boolean }> = [
        { path: "/tax/customers" },
        { path: "/tax/products" },
        { path: "/tax/merchants" },
        ...[
          "",
          `&customer=${ctx.a.world.live.customerId}`,
          `&customer=${ctx.a.liveSeed.customers[0].reference_customer_id}`,
        ].flatMap((query) => [
          { path: "/tax/certificates", query, live: true },
          { path: "/tax/certificate-requests", query, live: true },
          { path: "/tax/certificate-uploads", query, live: true },
        ]),
      ];
      for (const attacker of [...attackers(false), ...attackers(true)]) {
        for (const list of lists) {
          const pages = await allPages(api(), list.path, attacker.key, list.query ?? "");
          ctx.tally.check("tenancy: lists and filters", `${attacker.who} → ${list.path}${list.query ?? ""}`, () => {
            for (const page of pages) {
              if (list.live && attacker.key.startsWith("sk_test_")) {
                expect(page.body.error?.error_code).toBe("TESTMODE_NOT_SUPPORTED");
                continue;
              }
              expect(page.status, JSON.stringify(page.body).slice(0, 300)).toBe(200);
              const aIds = forbidden(attacker.key);
              const leaked = page.body.data.filter(
                (record: any) => aIds.has(record.id) || aIds.has(record.reference_product_id),
              );
              expect(leaked.map((record: any) => record.id)).toEqual([]);
            }
          });
        }
      }
    });

    it("A's records are unchanged after every attempt", async () => {
      const { seed, testKey } = ctx.a.world;
      const checks: Array<[string, string]> = [
        [`/tax/customers/${seed.customers[0].id}`, testKey],
        [`/tax/products/${seed.products[0].reference_product_id}`, testKey],
        [`/tax/merchants/${seed.merchants[0].id}`, testKey],
        [`/tax/transactions/${seed.transactions.juneA.id}`, testKey],
        [`/tax/customers/${ctx.a.liveSeed.customers[0].id}`, ctx.a.keys.liveSecret],
        [`/tax/certificate-requests/${ctx.a.world.live.requestId}`, ctx.a.keys.liveSecret],
      ];
      for (const [path, key] of checks) {
        const response = await api()(path, { key, version: V });
        expect(response.status, `${path} ${JSON.stringify(response.body)}`).toBe(200);
        expect(response.body.name ?? "").not.toBe("Mallory");
        expect(response.body.status ?? "").not.toBe("canceled");
        expect(response.body.deleted_at ?? null).toBeNull();
      }
    });
  });
}
