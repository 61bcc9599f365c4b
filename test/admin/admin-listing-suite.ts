// Listing accounts and their keys through the admin API (what `levy accounts list`,
// `accounts get` and `keys list` call): ids, kind, mode, dates and revocation, never a
// secret or a hash; paged like the public lists. Runs in embedded and distributed mode.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import type { SystemUnderTest } from "../support/system.js";

export function describeAdminListing(mode: string, startSystem: () => Promise<SystemUnderTest>): void {
  describe(`admin API listing (${mode})`, () => {
    let system: SystemUnderTest;
    let api: ReturnType<typeof createApi>;
    let first: AccountKeys;
    let second: AccountKeys;
    const admin = () => ({ authorization: `Bearer ${system.adminToken}` });

    beforeAll(async () => {
      system = await startSystem();
      api = createApi(system.restUrl);
      first = await createAccount(system.restUrl, system.adminToken, "Listed first");
      second = await createAccount(system.restUrl, system.adminToken, "Listed second");
    });
    afterAll(async () => {
      await system?.stop();
    });

    it("lists accounts in creation order, a page at a time", async () => {
      const all = await api("/admin/v1/accounts?limit=100", { headers: admin() });
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ object: "list", has_more: false, next_cursor: null });
      const ids = all.body.data.map((account: { id: string }) => account.id);
      expect(ids.indexOf(first.accountId)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(second.accountId)).toBeGreaterThan(ids.indexOf(first.accountId));
      expect(all.body.data.find((account: { id: string }) => account.id === second.accountId)).toEqual({
        object: "account",
        id: second.accountId,
        name: "Listed second",
        api_version: expect.any(String),
        created_at: expect.any(Number),
      });

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await api(`/admin/v1/accounts?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, {
          headers: admin(),
        });
        expect(page.status).toBe(200);
        expect(page.body.data).toHaveLength(1);
        seen.push(page.body.data[0].id);
        cursor = page.body.next_cursor;
        expect(page.body.has_more).toBe(cursor !== null);
      } while (cursor);
      expect(seen).toEqual(ids);
    });

    it("lists an account's keys without secrets, revoked ones marked", async () => {
      const revokedId = first.keyIds[first.liveSecret]!;
      expect((await api(`/admin/v1/keys/${revokedId}`, { method: "DELETE", headers: admin() })).status).toBe(200);
      const listed = await api(`/admin/v1/accounts/${first.accountId}/keys`, { headers: admin() });
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ object: "list", has_more: false, next_cursor: null });
      expect(listed.body.data).toHaveLength(4);
      const byId = new Map(listed.body.data.map((key: { id: string }) => [key.id, key]));
      expect(new Set(byId.keys())).toEqual(new Set(Object.values(first.keyIds)));
      expect(byId.get(revokedId)).toEqual({
        object: "api_key",
        id: revokedId,
        account_id: first.accountId,
        kind: "secret",
        mode: "live",
        created_at: expect.any(Number),
        revoked: true,
        revoked_at: expect.any(Number),
      });
      expect(byId.get(first.keyIds[first.testPublishable]!)).toMatchObject({
        kind: "publishable",
        mode: "test",
        revoked: false,
        revoked_at: null,
      });
      const text = JSON.stringify(listed.body);
      for (const secret of [first.testSecret, first.liveSecret, first.testPublishable, first.livePublishable])
        expect(text).not.toContain(secret);
      for (const key of listed.body.data) expect(Object.keys(key)).not.toContain("secret");
      for (const key of listed.body.data) expect(Object.keys(key)).not.toContain("hash");
    });

    it("pages keys and keeps each account's keys apart", async () => {
      const page = await api(`/admin/v1/accounts/${second.accountId}/keys?limit=3`, { headers: admin() });
      expect(page.body.data).toHaveLength(3);
      expect(page.body.has_more).toBe(true);
      const rest = await api(
        `/admin/v1/accounts/${second.accountId}/keys?limit=3&cursor=${encodeURIComponent(page.body.next_cursor)}`,
        { headers: admin() },
      );
      expect(rest.body.data).toHaveLength(1);
      const ids = [...page.body.data, ...rest.body.data].map((key: { id: string }) => key.id);
      expect(new Set(ids)).toEqual(new Set(Object.values(second.keyIds)));
    });

    it("answers 404 for an unknown account and 400 for a bad cursor or limit", async () => {
      const missing = await api("/admin/v1/accounts/acct_doesnotexist/keys", { headers: admin() });
      expect(missing.status).toBe(404);
      expect(missing.body.error.error_code).toBe("account_not_found");
      const badCursor = await api("/admin/v1/accounts?cursor=not-a-cursor", { headers: admin() });
      expect(badCursor.status).toBe(400);
      expect(badCursor.body.error.error_code).toBe("invalid_cursor");
      expect((await api("/admin/v1/accounts?limit=0", { headers: admin() })).status).toBe(400);
      expect((await api("/admin/v1/accounts?limit=101", { headers: admin() })).status).toBe(400);
    });

    it("refuses listing without the admin token", async () => {
      for (const path of ["/admin/v1/accounts", `/admin/v1/accounts/${first.accountId}/keys`]) {
        const response = await api(path, { headers: { authorization: `Bearer ${first.testSecret}` } });
        expect(response.status).toBe(401);
        expect(response.body.error.error_code).toBe("admin_unauthorized");
      }
    });
  });
}
