// The gateway caches verified API keys; a change that makes a cached key stale must
// still count at once. On the replica that served the change: on the very next request
// (REST, and MCP, whose bridge asks the gateway). On every other replica (distributed):
// when the change event arrives; the replica's cache age is set to 10 minutes here, so
// only the event can explain the refusal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import { eventually } from "../support/eventually.js";
import type { GatewayReplica, SystemUnderTest } from "../support/system.js";
import { rawMcp } from "../mcp/mcp-client.js";

const tenMinutes = "600000";
const refusal = (response: { status: number; body: any }) =>
  `${response.status} ${response.body?.error?.error_code ?? ""}`.trim();

export function describeKeyCache(mode: string, startSystem: () => Promise<SystemUnderTest>): void {
  describe(`verified-key cache (${mode})`, () => {
    let system: SystemUnderTest;
    let api: ReturnType<typeof createApi>;
    const admin = () => ({ authorization: `Bearer ${system.adminToken}` });
    const revoke = (keys: AccountKeys, secret: string) =>
      api(`/admin/v1/keys/${keys.keyIds[secret]}`, { method: "DELETE", headers: admin() });
    const pinVersion = (keys: AccountKeys, version: string) =>
      api(`/admin/v1/accounts/${keys.accountId}`, { body: { api_version: version }, headers: admin() });
    /** An error answered under the key's pinned version: nested ({error}) before 2026-01-01. */
    const errorShape = async (restUrl: string, key: string) => {
      const response = await createApi(restUrl)("/tax/customers/cus_missing", { key });
      return response.body?.code === undefined ? "nested" : "flat";
    };

    beforeAll(async () => {
      system = await startSystem();
      api = createApi(system.restUrl);
    }, 180_000);
    afterAll(async () => {
      await system?.stop();
    });

    it("refuses a revoked key on the next request, through REST and through MCP", async () => {
      const keys = await createAccount(system.restUrl, system.adminToken, "Cached revocation");
      for (let i = 0; i < 3; i++)
        expect((await api("/tax/customers?limit=1", { key: keys.testSecret })).status).toBe(200);
      expect((await rawMcp(system.mcpUrl, { key: keys.testSecret })).status).toBe(200);
      expect((await revoke(keys, keys.testSecret)).status).toBe(200);
      expect(refusal(await api("/tax/customers?limit=1", { key: keys.testSecret }))).toBe("401 api_key_revoked");
      expect((await rawMcp(system.mcpUrl, { key: keys.testSecret })).status).toBe(401);
      // The account's other keys are untouched.
      expect((await api("/tax/customers?limit=1", { key: keys.liveSecret })).status).toBe(200);
    });

    it("answers under a newly pinned API version on the next request", async () => {
      const keys = await createAccount(system.restUrl, system.adminToken, "Cached version");
      expect(await errorShape(system.restUrl, keys.testSecret)).toBe("flat");
      expect((await pinVersion(keys, "2024-09-01")).status).toBe(200);
      expect(await errorShape(system.restUrl, keys.testSecret)).toBe("nested");
    });

    if (mode.startsWith("distributed")) {
      describe("with a second gateway replica", () => {
        let replica: GatewayReplica;
        let replicaApi: ReturnType<typeof createApi>;
        beforeAll(async () => {
          replica = await system.startGatewayReplica({ API_KEY_CACHE_MAX_AGE_MS: tenMinutes });
          replicaApi = createApi(replica.restUrl);
        }, 120_000);
        afterAll(async () => {
          await replica?.stop();
        });

        it("refuses a key revoked through the other replica once the revocation event arrives", async () => {
          const keys = await createAccount(system.restUrl, system.adminToken, "Replica revocation");
          for (let i = 0; i < 3; i++)
            expect((await replicaApi("/tax/customers?limit=1", { key: keys.testSecret })).status).toBe(200);
          expect((await revoke(keys, keys.testSecret)).status).toBe(200);
          const revokedAt = Date.now();
          expect(refusal(await api("/tax/customers?limit=1", { key: keys.testSecret }))).toBe("401 api_key_revoked");
          const seen = await eventually(
            () => replicaApi("/tax/customers?limit=1", { key: keys.testSecret }),
            (response) => response.status === 401,
            10_000,
            20,
          );
          // The owner's bound is 1 s; the figure is printed, not asserted (tests never assert on time).
          console.info(`revocation reached the second gateway replica after ${Date.now() - revokedAt} ms`);
          expect(refusal(seen)).toBe("401 api_key_revoked");
          expect((await replicaApi("/tax/customers?limit=1", { key: keys.liveSecret })).status).toBe(200);
        });

        it("answers under a version pinned through the other replica once the change event arrives", async () => {
          const keys = await createAccount(system.restUrl, system.adminToken, "Replica version");
          expect(await errorShape(replica.restUrl, keys.testSecret)).toBe("flat");
          expect((await pinVersion(keys, "2024-09-01")).status).toBe(200);
          expect(
            await eventually(
              () => errorShape(replica.restUrl, keys.testSecret),
              (shape) => shape === "nested",
              10_000,
              20,
            ),
          ).toBe("nested");
        });
      });
    }
  });
}
