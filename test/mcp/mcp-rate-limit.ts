// The /mcp rate limit: per account (not per key), shared by every bridge replica
// through the gateway's store. Two replicas with a small limit of their own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, type AccountKeys } from "../support/api.js";
import type { McpBridgeReplica } from "../support/system.js";
import { rawMcp } from "./mcp-client.js";
import type { McpContext } from "./mcp-suite.js";

const limit = 12;

/** The gateway's storage operations on the rate-limit counters so far (its /metrics). */
async function counterOperations(opsPort: number): Promise<number> {
  const metrics = await (await fetch(`http://127.0.0.1:${opsPort}/metrics`)).text();
  const samples = metrics.matchAll(
    /^levy_db_operation_duration_seconds_count\{[^}]*collection="rate_limit_windows"[^}]*\} (\d+)$/gm,
  );
  return [...samples].reduce((sum, [, count]) => sum + Number(count), 0);
}

export function describeRateLimit(ctx: McpContext): void {
  describe(`rate limit (${limit} per hour, two bridges)`, () => {
    let first: McpBridgeReplica;
    let second: McpBridgeReplica;
    let limited: AccountKeys;
    const env = { MCP_RATE_LIMIT: String(limit), MCP_RATE_WINDOW_SECONDS: "3600" };

    beforeAll(async () => {
      first = await ctx.system.startMcpBridgeReplica(env);
      second = await ctx.system.startMcpBridgeReplica(env);
      limited = await createAccount(ctx.system.restUrl, ctx.system.adminToken, "MCP rate limited");
    });
    afterAll(async () => {
      await first?.stop();
      await second?.stop();
    });

    it("counts the account's requests to both bridges and with both of its keys, then answers 429 / -32005", async () => {
      const statuses: number[] = [];
      for (let index = 0; index < limit; index += 1) {
        const bridge = index % 2 === 0 ? first : second;
        const key = index % 3 === 0 ? limited.liveSecret : limited.testSecret;
        statuses.push((await rawMcp(bridge.mcpUrl, { key })).status);
      }
      expect(statuses).toEqual(Array(limit).fill(200));
      for (const bridge of [first, second]) {
        const refused = await rawMcp(bridge.mcpUrl, {
          key: limited.testSecret,
          body: { jsonrpc: "2.0", id: 41, method: "tools/list" },
        });
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({
          jsonrpc: "2.0",
          error: { code: -32005, message: expect.stringContaining("Rate limit") },
          id: 41,
        });
        const retryAfter = Number(refused.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThan(0);
        expect(refused.body.error.message).toBe(
          `Rate limit exceeded. Retry after ${retryAfter} ${retryAfter === 1 ? "second" : "seconds"}.`,
        );
      }
      // Another account has its own budget on the same bridges (a fresh one: the budget
      // is per account across every bridge, and the suite's accounts spend theirs elsewhere).
      const another = await createAccount(ctx.system.restUrl, ctx.system.adminToken, "MCP rate other");
      expect((await rawMcp(first.mcpUrl, { key: another.testSecret })).status).toBe(200);
    });

    it("an account's requests after its first in a window cost one write of its counter each", async () => {
      const steady = await createAccount(ctx.system.restUrl, ctx.system.adminToken, "MCP rate steady");
      expect((await rawMcp(first.mcpUrl, { key: steady.testSecret })).status).toBe(200);
      const before = await counterOperations(ctx.system.opsPorts.gateway);
      const remaining: string[] = [];
      for (let index = 0; index < 6; index += 1) {
        const answer = await rawMcp((index % 2 === 0 ? second : first).mcpUrl, { key: steady.testSecret });
        expect(answer.status).toBe(200);
        remaining.push(answer.headers.get("x-ratelimit-remaining") ?? "");
      }
      expect(remaining).toEqual(["10", "9", "8", "7", "6", "5"]);
      // Before issue 17's third pass: an increment (five FerretDB commands on the marker
      // protocol) and a read of the previous window, per request.
      expect((await counterOperations(ctx.system.opsPorts.gateway)) - before).toBe(6);
    });

    it("concurrent requests of a fresh account: exactly the limit gets through", async () => {
      const fresh = await createAccount(ctx.system.restUrl, ctx.system.adminToken, "MCP burst");
      const answers = await Promise.all(
        Array.from({ length: limit + 8 }, (_, index) =>
          rawMcp((index % 2 === 0 ? first : second).mcpUrl, { key: fresh.testSecret }),
        ),
      );
      const statuses = answers
        .map((answer) => `${answer.status}${answer.status === 500 ? JSON.stringify(answer.body) : ""}`)
        .sort();
      expect(statuses).toEqual([...Array(limit).fill("200"), ...Array(8).fill("429")]);
    });
  });
}
