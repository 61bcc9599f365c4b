// Through the process boundary: embedded Levy (LMDB store) killed with SIGKILL while
// writes are under way keeps every write it acknowledged, and a data directory left by
// the nedb store of earlier versions is migrated on the next start, logged, with the old
// file kept renamed. (Replaces the nedb torn-tail test of issue 16: LMDB has no appended
// lines to tear; its guarantee is that every acknowledged commit survives the kill.)
import { access, appendFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import { createEmbeddedProcess, type EmbeddedProcess } from "../support/embedded-process.js";

const product = (sku: string) => ({
  reference_product_id: sku,
  reference_product_name: sku,
  product_category: "GENERAL_MERCHANDISE",
});

describe("embedded restart after SIGKILL and upgrade from an nedb data directory (process boundary)", () => {
  let levy: EmbeddedProcess;
  let account: AccountKeys;
  let api: ReturnType<typeof createApi>;

  const listedSkus = async () => {
    const skus: string[] = [];
    let cursor = "";
    do {
      const page = await api(`/tax/products?limit=100${cursor ? `&cursor=${cursor}` : ""}`, {
        key: account.testSecret,
      });
      expect(page.status).toBe(200);
      skus.push(...page.body.data.map((item: { reference_product_id: string }) => item.reference_product_id));
      cursor = page.body.has_more ? page.body.next_cursor : "";
    } while (cursor);
    return skus;
  };

  beforeAll(async () => {
    levy = await createEmbeddedProcess();
    await levy.start();
    account = await createAccount(levy.restUrl, levy.adminToken, "Crash restart");
    api = createApi(levy.restUrl);
  }, 60_000);

  afterAll(() => levy?.stop());

  it("serves every write acknowledged before the kill", { timeout: 60_000 }, async () => {
    const acknowledged: string[] = [];
    let killed = false;
    const lane = async (lane: number) => {
      for (let index = 0; !killed; index += 1) {
        const sku = `sku-${lane}-${index}`;
        const created = await api("/tax/products", { key: account.testSecret, body: product(sku) }).catch(() => null);
        if (created?.status === 200) acknowledged.push(sku);
      }
    };
    const lanes = [0, 1, 2, 3].map(lane);
    while (acknowledged.length < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    await levy.signal("SIGKILL");
    killed = true;
    await Promise.all(lanes);
    await levy.start();
    const listed = new Set(await listedSkus());
    expect(acknowledged.filter((sku) => !listed.has(sku))).toEqual([]);
  });

  it("migrates an nedb data file on start, logs it and keeps the old file renamed", { timeout: 60_000 }, async () => {
    await levy.signal("SIGKILL");
    // What the nedb store wrote for a product: one JSON line, the scope and order as fields,
    // then a line the power cut short (never acknowledged).
    const legacy = path.join(levy.dataDir, "catalog", "products.db");
    const record = {
      id: "sku-nedb",
      reference_product_name: "From nedb",
      product_category: "GENERAL_MERCHANDISE",
      created_at: 1_700_000_000,
      updated_at: 1_700_000_000,
      deleted_at: null,
    };
    await appendFile(
      legacy,
      `${JSON.stringify({ ...record, account_id: account.accountId, livemode: false, _id: `${account.accountId}|test|sku-nedb`, _seq: 1, version: 1 })}\n{"id":"torn","ref`,
    );
    const logged = levy.output.length;
    await levy.start();
    const lines = levy.output.slice(logged);
    const migrated = lines.find((line) => line.includes("migrated an nedb data file"));
    expect(migrated, "the start-up log names the migrated file").toBeDefined();
    expect(JSON.parse(migrated!)).toMatchObject({
      level: "info",
      file: legacy,
      records: 1,
      renamed_to: `${legacy}.migrated`,
    });
    expect(lines.some((line) => line.includes("torn last record") && line.includes(legacy))).toBe(true);
    await access(`${legacy}.migrated`);
    await expect(access(legacy)).rejects.toThrow();
    const got = await api("/tax/products/sku-nedb", { key: account.testSecret });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ reference_product_id: "sku-nedb", reference_product_name: "From nedb" });
    expect((await listedSkus())[0]).toBe("sku-nedb"); // its creation order came along
  });
});
