// When an upstream service is down the gateway answers fast with 503 JSON, and once
// its breaker is open it says when to retry. A breaker opens only on the upstream's
// health, never on what one request contains: no account can deny service to another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";

describe("gateway circuit breakers", () => {
  let system: SystemUnderTest;
  let account: AccountKeys;
  let api: ReturnType<typeof createApi>;

  beforeAll(async () => {
    system = await startEmbeddedSystem({ BREAKER_VOLUME: "3", BREAKER_RESET_MS: "30000", UPSTREAM_TIMEOUT_MS: "1000" });
    api = createApi(system.restUrl);
    account = await createAccount(system.restUrl, system.adminToken);
  });
  afterAll(() => system?.stop());

  it("answers 503 while catalog is down, then 503 with Retry-After once the breaker opens", async () => {
    expect((await api("/tax/customers", { key: account.testSecret })).status).toBe(200);
    await system.stopService("catalog");
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const started = Date.now();
      const response = await api("/tax/customers", { key: account.testSecret });
      answers.push({
        status: response.status,
        code: response.body.error?.error_code,
        retryAfter: response.headers.get("retry-after"),
        ms: Date.now() - started,
      });
    }
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.code).toBe("upstream_unavailable");
      expect(answer.ms).toBeLessThan(1500);
    }
    expect(answers.at(-1)!.retryAfter).toBe("30");
    // The breaker counts the failures, not business errors: the key check still works.
    expect((await api("/tax/customers", { key: `sk_test_${"B".repeat(32)}` })).status).toBe(401);
  });

  it("exposes the open breaker as a metric", async () => {
    const metrics = await (await fetch(`${system.restUrl}/metrics`)).text();
    expect(metrics).toContain('levy_circuit_breaker_state{upstream="catalog",service="gateway"} 2');
  });
});

describe("no account's requests change another account's answers (issue 16)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;
  let attacker: AccountKeys;
  let victim: AccountKeys;
  const V = "2026-03-01";
  const detroit = {
    address_line_1: "1 Main St",
    address_city: "Detroit",
    address_province: "MI",
    address_postal_code: "48226",
    address_country: "US",
  };
  const platformCalculation = (keys: AccountKeys, line: { amount: number; quantity: number }) =>
    api("/tax/platform/calculations", {
      key: keys.testSecret,
      version: V,
      body: {
        customer: { address: detroit },
        merchant: { merchant_id: "m-1" },
        order_details: {
          customer_currency_code: "USD",
          line_items: [{ ...line, product_category: "GENERAL_MERCHANDISE" }],
        },
        roles: ["marketplace_provider"],
      },
    });

  beforeAll(async () => {
    // A small window so that a handful of failures would open the breaker.
    system = await startEmbeddedSystem({ BREAKER_VOLUME: "3", BREAKER_RESET_MS: "30000" });
    api = createApi(system.restUrl);
    attacker = await createAccount(system.restUrl, system.adminToken, "A");
    victim = await createAccount(system.restUrl, system.adminToken, "B");
    for (const keys of [attacker, victim]) {
      const merchant = await api("/tax/merchants", {
        key: keys.testSecret,
        version: V,
        body: { reference_merchant_id: "m-1", name: "Merchant", default_address: detroit },
      });
      expect(merchant.status).toBe(200);
    }
  });
  afterAll(() => system?.stop());

  it("account A's oversized calculations (10^12 × 10^9) are refused and account B's keep succeeding", async () => {
    const victimAnswers: unknown[] = [];
    const attackerAnswers = new Set<string>();
    for (let round = 0; round < 4; round += 1) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const bad = await platformCalculation(attacker, { amount: 1_000_000_000_000, quantity: 1_000_000_000 });
        attackerAnswers.add(`${bad.status} ${bad.body.error?.error_meta?.field}`);
      }
      const good = await platformCalculation(victim, { amount: 2500, quantity: 4 });
      victimAnswers.push(good.status === 200 ? good.body.totals.order : good.status);
    }
    const expected = { tax_amount: 600, amount_excluding_tax: 10000, amount_including_tax: 10600 };
    expect(victimAnswers).toEqual([expected, expected, expected, expected]);
    expect([...attackerAnswers]).toEqual(["400 order_details.line_items[0].amount"]);
    const metrics = await (await fetch(`${system.restUrl}/metrics`)).text();
    expect(metrics).toContain('levy_circuit_breaker_state{upstream="calc-engine",service="gateway"} 0');
  });
});
