// When an upstream service is down the gateway answers fast with 503 JSON, and once
// its breaker is open it says when to retry.
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
      answers.push({ status: response.status, code: response.body.error?.error_code, retryAfter: response.headers.get("retry-after"), ms: Date.now() - started });
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
