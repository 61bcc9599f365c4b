// Issue 21 item 5 through the gateway: the REST rate limit per account and mode, with
// 429, Retry-After and the IETF RateLimit-Policy / RateLimit fields; off unless configured.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi } from "../support/api.js";
import { startEmbeddedSystem, type SystemUnderTest } from "../support/system.js";

const detroit = {
  address_line_1: "1 Woodward Ave",
  address_city: "Detroit",
  address_province: "MI",
  address_postal_code: "48226",
  address_country: "US",
};

describe("REST rate limit (embedded, REST_RATE_LIMIT=5 per 60 s)", () => {
  let system: SystemUnderTest;
  let api: ReturnType<typeof createApi>;

  beforeAll(async () => {
    system = await startEmbeddedSystem({ REST_RATE_LIMIT: "5", REST_RATE_LIMIT_WINDOW_SECONDS: "60" });
    api = createApi(system.restUrl);
  });
  afterAll(() => system?.stop());

  it("answers 429 with Retry-After after the budget, per account and per mode, and says so in RateLimit fields", async () => {
    const account = await createAccount(system.restUrl, system.adminToken, "Limited");
    const other = await createAccount(system.restUrl, system.adminToken, "Another");
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof api>> | undefined;
    for (let i = 0; i < 6; i += 1) {
      last = await api("/tax/customers", { key: account.testSecret });
      statuses.push(last.status);
      if (i === 0) {
        expect(last.headers.get("ratelimit-policy")).toBe('"rest";q=5;w=60');
        expect(last.headers.get("ratelimit")).toMatch(/^"rest";r=4;t=\d+$/);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last!.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last!.headers.get("ratelimit")).toMatch(/^"rest";r=0;t=\d+$/);
    expect(last!.body.error).toMatchObject({ error_code: "rate_limited" });
    // A refused request is refused before its body is read or acted on: nothing is stored.
    const refusedWrite = await api("/tax/calculations", {
      key: account.testSecret,
      body: {
        customer: { address: detroit },
        order_details: {
          customer_currency_code: "USD",
          line_items: [{ amount: 1000, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
        },
      },
    });
    expect(refusedWrite.status).toBe(429);
    // Live mode of the same account and another account have their own budgets.
    expect((await api("/tax/customers", { key: account.liveSecret })).status).toBe(200);
    expect((await api("/tax/customers", { key: other.testSecret })).status).toBe(200);
  });

  it("does not count against the MCP limit (metered apart)", async () => {
    const account = await createAccount(system.restUrl, system.adminToken, "Both doors");
    for (let i = 0; i < 5; i += 1) await api("/tax/customers", { key: account.testSecret });
    expect((await api("/tax/customers", { key: account.testSecret })).status).toBe(429);
    const mcp = await fetch(`${system.mcpUrl}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${account.testSecret}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(mcp.status).toBe(200);
  });
});

describe("REST rate limit off by default (embedded)", () => {
  let system: SystemUnderTest;
  beforeAll(async () => {
    system = await startEmbeddedSystem();
  });
  afterAll(() => system?.stop());

  it("sends no RateLimit fields and never 429s", async () => {
    const api = createApi(system.restUrl);
    const account = await createAccount(system.restUrl, system.adminToken, "Unlimited");
    for (let i = 0; i < 30; i += 1) {
      const response = await api("/tax/customers", { key: account.testSecret });
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit")).toBeNull();
    }
  });
});
