// The I/O of the US ZIP sweep, importable by the CLI (us-zip-sweep.mjs) and by the test
// that runs a sample of it (test/accuracy/sweep-sample.test.ts): the published tables'
// rows, geo-resolver's ZIP records, an embedded Levy of a checkout's build, and one
// table row sent through POST /tax/calculations.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { compareRow } from "./sweep-figures.mjs";

/** The tables' month: rates Levy had in force then are what it is compared with. */
export const transactedAt = Math.floor(Date.UTC(2026, 2, 15) / 1000);
const amount = 100_000_000; // $1,000,000.00: the tax's precision is 1e-8 of a rate.
// A thousand units of $1,000: below per-unit caps (Florida's surtax on the first $5,000 of an item).
const quantity = 1000;

/** The published tables beside a checkout (`<root>/../shared/fixtures/us-avalara-zip5`). */
export function fixtureDirOf(root) {
  return path.resolve(root, "../shared/fixtures/us-avalara-zip5");
}

/** Every row of the tables, or of the `states` (a Set of USPS codes) only. */
export async function tableRows(fixtureDir, states) {
  const rows = [];
  for (const file of (await readdir(fixtureDir)).filter((name) => name.endsWith(".csv")).sort()) {
    const [, ...lines] = (await readFile(path.join(fixtureDir, file), "utf8")).trim().split("\n");
    for (const line of lines) {
      const [state, zip, region, combined] = line.split(",");
      if (!states || states.has(state)) rows.push({ state, zip, region, tableRate: Number(combined) });
    }
  }
  return rows;
}

/** geo-resolver's primary ZIP records of the checkout's build, by "ST:ZIP". */
export async function zipRecords(root) {
  const loader = await import(
    pathToFileURL(path.join(root, "services/geo-resolver/dist/loading/simplemaps-zips.js")).href
  );
  const byZip = new Map();
  await loader.loadPackagedSimplemaps(loader.packagedSimplemapsPath(), (record) => {
    byZip.set(`${record.state}:${String(record.zip).padStart(5, "0")}`, record);
  });
  return byZip;
}

/** An embedded Levy of the checkout's build with one test-mode account; `withImport` loads the tables. */
export async function startLevy(root, { withImport = false } = {}) {
  const { startEmbeddedLevy } = await import(pathToFileURL(path.join(root, "deploy/embedded/dist/index.js")).href);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "levy-accuracy-"));
  const adminToken = "accuracy-admin-token-0123456789abcdef";
  const { freePort } = await import(pathToFileURL(path.join(root, "deploy/distributed/cluster.mjs")).href);
  const env = {
    ...process.env,
    ADMIN_TOKEN: adminToken,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    PORT: String(await freePort()),
    MCP_PORT: String(await freePort()),
  };
  for (const service of ["gateway", "calc-engine", "geo-resolver", "ledger", "catalog", "certificates", "mcp-bridge"]) {
    const prefix = service.toUpperCase().replaceAll("-", "_");
    env[`${prefix}_GRPC_PORT`] = String(await freePort());
    env[`${prefix}_OPS_PORT`] = String(await freePort());
  }
  if (withImport) env.US_ZIP_RATES_PATH = fixtureDirOf(root);
  const levy = await startEmbeddedLevy({ env });
  const restUrl = `http://127.0.0.1:${levy.gateway.restPort}`;
  const created = await (
    await fetch(`${restUrl}/admin/v1/accounts`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Accuracy" }),
    })
  ).json();
  const key = created.keys.find((k) => k.kind === "secret" && k.mode === "test").secret;
  return {
    restUrl,
    key,
    stop: async () => {
      await levy.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One table row as a calculation: the row's ZIP and state, and as the city the ZIP's postal
 * city when known, or with `cityFrom: "region"` the table's region name (a stand-in for an
 * address that names its municipality; it only measures resolution, it is never data).
 */
export async function calculate(levy, row, record, { cityFrom = "postal" } = {}) {
  const body = {
    customer: {
      address: {
        address_line_1: "100 Main St",
        address_city: cityFrom === "region" ? row.region : (record?.city ?? ""),
        address_province: row.state,
        address_postal_code: row.zip,
        address_country: "US",
      },
    },
    order_details: {
      customer_currency_code: "USD",
      line_items: [{ amount, quantity, product_category: "GENERAL_MERCHANDISE" }],
    },
    transacted_at: transactedAt,
  };
  const response = await fetch(`${levy.restUrl}/tax/calculations`, {
    method: "POST",
    headers: { authorization: `Bearer ${levy.key}`, "content-type": "application/json", "x-api-version": "2026-03-01" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (response.status !== 200) {
    if (process.env.SWEEP_DEBUG) console.error(row.zip, response.status, JSON.stringify(answer));
    return { status: response.status, code: answer?.error?.code ?? answer?.code ?? "" };
  }
  if (process.env.SWEEP_DEBUG === "all") console.error(row.zip, JSON.stringify(answer).slice(0, 1500));
  return { status: 200, rate: answer.total_tax_amount / amount, coverage: answer.rate_coverage };
}

/** Every row compared with Levy's answer (`concurrency` requests at a time), in no fixed order. */
export async function sweepRows(levy, rows, records, concurrency = 16, options = {}) {
  const compared = [];
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      const record = records.get(`${row.state}:${row.zip}`);
      compared.push(compareRow(row, record, await calculate(levy, row, record, options)));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return compared;
}
