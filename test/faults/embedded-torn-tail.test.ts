// Issue 16, item 17, through the process boundary: embedded Levy killed with SIGKILL,
// then a data file left the way a power loss mid-append leaves it. The next start drops
// only the torn last record and says so in the log; a file damaged before its last line
// refuses to start, naming the file, rather than losing data silently.
import { appendFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createApi, type AccountKeys } from "../support/api.js";
import { createEmbeddedProcess, type EmbeddedProcess } from "../support/embedded-process.js";

describe("embedded start after a torn write (process boundary)", () => {
  let levy: EmbeddedProcess;
  let account: AccountKeys;
  let products: string;

  beforeAll(async () => {
    levy = await createEmbeddedProcess();
    await levy.start();
    account = await createAccount(levy.restUrl, levy.adminToken, "Torn tail");
    const api = createApi(levy.restUrl);
    for (const sku of ["sku-a", "sku-b"]) {
      const created = await api("/tax/products", { key: account.testSecret, body: { reference_product_id: sku, reference_product_name: sku, product_category: "GENERAL_MERCHANDISE" } });
      expect(created.status).toBe(200);
    }
    products = path.join(levy.dataDir, "catalog", "products.db");
  }, 60_000);

  afterAll(() => levy?.stop());

  it("drops only the torn last record, logs it, and serves every acknowledged write", { timeout: 60_000 }, async () => {
    await levy.signal("SIGKILL");
    await appendFile(products, '{"_id":"torn","reference_product_id":"sku-c","ref');
    const logged = levy.output.length;
    await levy.start();
    const notice = levy.output.slice(logged).find((line) => line.includes("torn last record"));
    expect(notice, "the start-up log names the dropped record").toBeDefined();
    expect(JSON.parse(notice!)).toMatchObject({ level: "warn", file: products, dropped_bytes: 49 });
    const listed = await createApi(levy.restUrl)("/tax/products", { key: account.testSecret });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((product: { reference_product_id: string }) => product.reference_product_id).sort()).toEqual(["sku-a", "sku-b"]);
  });

  it("refuses to start when a line before the last is damaged, naming the file", { timeout: 60_000 }, async () => {
    await levy.signal("SIGKILL");
    const lines = (await readFile(products, "utf8")).split("\n");
    lines[0] = lines[0]!.slice(0, 12);
    await writeFile(products, lines.join("\n"));
    await expect(levy.start()).rejects.toThrow(/exited on start/);
    expect(levy.output.some((line) => line.includes(products) && line.includes("corrupt"))).toBe(true);
  });
});
