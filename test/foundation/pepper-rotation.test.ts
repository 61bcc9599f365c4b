// Rotating API_KEY_PEPPER with an overlap (embedded mode, restarts on one data
// directory): with API_KEY_PEPPER_PREVIOUS set, keys hashed with the old pepper still
// work and are re-hashed with the new one on first use; once the previous pepper is
// dropped, only the keys that moved over (and keys issued since) work.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceNames } from "@levy/kit";
import { startEmbeddedLevy, type EmbeddedLevy } from "@levy/embedded";
// @ts-expect-error: plain ESM script without type declarations
import { freePort } from "../../deploy/distributed/cluster.mjs";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";

const adminToken = "rotation-admin-token-0123456789abcdef";
const oldPepper = "old-pepper-0123456789abcdef0123456789abcdef";
const newPepper = "new-pepper-fedcba9876543210fedcba9876543210";

describe("API key pepper rotation (embedded)", () => {
  const env: Record<string, string | undefined> = { ...process.env, ADMIN_TOKEN: adminToken, LOG_LEVEL: "silent" };
  let levy: EmbeddedLevy | undefined;
  let api: ReturnType<typeof createApi>;
  let account: AccountKeys;
  let unusedKey: string;

  const start = async (peppers: { API_KEY_PEPPER: string; API_KEY_PEPPER_PREVIOUS?: string }) => {
    await levy?.stop();
    levy = undefined;
    const { API_KEY_PEPPER_PREVIOUS: _dropped, ...rest } = env;
    levy = await startEmbeddedLevy({ env: { ...rest, ...peppers } });
  };
  const status = async (key: string) => {
    const response = await api("/tax/customers?limit=1", { key });
    return response.status === 200 ? 200 : `${response.status} ${response.body?.error?.error_code}`;
  };

  beforeAll(async () => {
    env.DATA_DIR = await mkdtemp(path.join(os.tmpdir(), "levy-pepper-"));
    env.PORT = String(await freePort());
    env.MCP_PORT = String(await freePort());
    for (const service of serviceNames) {
      const prefix = service.toUpperCase().replaceAll("-", "_");
      env[`${prefix}_GRPC_PORT`] = String(await freePort());
      env[`${prefix}_OPS_PORT`] = String(await freePort());
    }
    api = createApi(`http://127.0.0.1:${env.PORT}`);
    await start({ API_KEY_PEPPER: oldPepper });
    account = await createAccount(`http://127.0.0.1:${env.PORT}`, adminToken, "Rotation");
    const extra = await api(`/admin/v1/accounts/${account.accountId}/keys`, {
      body: { kind: "secret", mode: "test" },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    unusedKey = extra.body.secret;
    const revoked = await api(`/admin/v1/keys/${account.keyIds[account.liveSecret]}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(revoked.status).toBe(200);
  });
  afterAll(async () => {
    await levy?.stop();
    if (env.DATA_DIR) await rm(env.DATA_DIR, { recursive: true, force: true });
  });

  it("without an overlap, a new pepper invalidates every existing key", async () => {
    expect(await status(account.testSecret)).toBe(200);
    await start({ API_KEY_PEPPER: newPepper });
    expect(await status(account.testSecret)).toBe("401 api_key_not_found");
  });

  it("with API_KEY_PEPPER_PREVIOUS, old keys work, revoked ones stay revoked, and new keys use the new pepper", async () => {
    await start({ API_KEY_PEPPER: newPepper, API_KEY_PEPPER_PREVIOUS: oldPepper });
    expect(await status(account.testSecret)).toBe(200);
    expect(await status(account.testSecret)).toBe(200);
    expect(await status(account.liveSecret)).toBe("401 api_key_revoked");
    const issued = await api(`/admin/v1/accounts/${account.accountId}/keys`, {
      body: { kind: "secret", mode: "live" },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(issued.status).toBe(201);
    expect(await status(issued.body.secret)).toBe(200);
    account = { ...account, liveSecret: issued.body.secret };
  });

  it("after the previous pepper is dropped, keys used during the overlap still work and unused ones do not", async () => {
    await start({ API_KEY_PEPPER: newPepper });
    expect(await status(account.testSecret)).toBe(200);
    expect(await status(account.liveSecret)).toBe(200);
    expect(await status(unusedKey)).toBe("401 api_key_not_found");
  });

  it("refuses to start when the previous pepper equals the current one", async () => {
    await expect(start({ API_KEY_PEPPER: newPepper, API_KEY_PEPPER_PREVIOUS: newPepper })).rejects.toThrow(
      /API_KEY_PEPPER_PREVIOUS must differ/,
    );
  });
});
