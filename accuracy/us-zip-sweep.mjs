// Sweeps the published US ZIP-level rate tables (../shared/fixtures/us-avalara-zip5, the
// yardstick, never a source) through POST /tax/calculations of an embedded Levy and prints,
// per state, how far Levy's combined rate is from the table's: exact, within 0.5 pp, more
// than 2 pp off, refused; the same weighted by each ZIP's population; the share of the
// table's tax Levy collects; and the population answered FULL while off by more than 0.5 pp.
//
//   node accuracy/us-zip-sweep.mjs [--root <levy checkout>] [--states GA,NC] [--with-import]
//        [--misses <n>] [--json <file>]
//
// --root: the checkout whose build is measured (default: this one; run `npm run build` there).
// --with-import: also load the tables themselves (US_ZIP_RATES_PATH), to measure the import.
// --misses n: list the n most-populous ZIPs per state whose rate is more than 0.5 pp off.
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { compareRow, summarise } from "./sweep-figures.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: options } = parseArgs({
  options: {
    root: { type: "string", default: path.resolve(here, "..") },
    states: { type: "string" },
    "with-import": { type: "boolean", default: false },
    misses: { type: "string", default: "0" },
    json: { type: "string" },
    concurrency: { type: "string", default: "16" },
  },
});
const root = path.resolve(options.root);
const fixtureDir = path.resolve(root, "../shared/fixtures/us-avalara-zip5");
// The table's month: rates Levy had in force then are what it is compared with.
const transactedAt = Math.floor(Date.UTC(2026, 2, 15) / 1000);
const amount = 100_000_000; // $1,000,000.00: the tax's precision is 1e-8 of a rate.

async function tableRows(states) {
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

async function zipRecords() {
  const loader = await import(
    pathToFileURL(path.join(root, "services/geo-resolver/dist/loading/simplemaps-zips.js")).href
  );
  const byZip = new Map();
  await loader.loadPackagedSimplemaps(loader.packagedSimplemapsPath(), (record) => {
    byZip.set(`${record.state}:${String(record.zip).padStart(5, "0")}`, record);
  });
  return byZip;
}

async function startLevy() {
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
  if (options["with-import"]) env.US_ZIP_RATES_PATH = fixtureDir;
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

async function calculate(levy, row, record) {
  const body = {
    customer: {
      address: {
        address_line_1: "100 Main St",
        address_city: record?.city ?? "",
        address_province: row.state,
        address_postal_code: row.zip,
        address_country: "US",
      },
    },
    order_details: {
      customer_currency_code: "USD",
      line_items: [{ amount, quantity: 1, product_category: "GENERAL_MERCHANDISE" }],
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

const states = options.states ? new Set(options.states.toUpperCase().split(",")) : undefined;
const [rows, records] = await Promise.all([tableRows(states), zipRecords()]);
const levy = await startLevy();
const compared = [];
try {
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      const record = records.get(`${row.state}:${row.zip}`);
      compared.push(compareRow(row, record, await calculate(levy, row, record)));
    }
  };
  await Promise.all(Array.from({ length: Number(options.concurrency) }, worker));
} finally {
  await levy.stop();
}

const report = summarise(compared);
const pct = (value) => (value === null ? "-" : `${(100 * value).toFixed(1)}%`);
console.log(
  `US ZIP sweep: ${rows.length} table rows, ${options["with-import"] ? "built-in data + imported tables" : "built-in data"}, rates of 2026-03-15, root ${root}`,
);
console.log(
  "state   rows  exact  ≤0.5pp  >2pp  refused | pop exact  pop ≤0.5pp  tax collected  FULL but >0.5pp off (pop)",
);
for (const line of [...report.states, report.total]) {
  console.log(
    `${line.state.padEnd(5)} ${String(line.rows).padStart(6)} ${pct(line.exact).padStart(6)} ${pct(line.within).padStart(7)} ${pct(line.over2).padStart(5)} ${String(line.refused).padStart(8)} | ${pct(line.popExact).padStart(9)} ${pct(line.popWithin).padStart(11)} ${pct(line.taxCollected).padStart(14)} ${pct(line.popFullWrong).padStart(12)}`,
  );
}
const misses = Number(options.misses);
if (misses > 0) {
  for (const state of report.states) {
    const worst = compared
      .filter((entry) => entry.state === state.state && (entry.refused || Math.abs(entry.diff) > 0.005))
      .sort((a, b) => b.population - a.population)
      .slice(0, misses);
    if (worst.length === 0) continue;
    console.log(
      `\n${state.state}: most populous ZIPs more than 0.5 pp off (table region, table rate, Levy rate, coverage, geo city / county)`,
    );
    for (const entry of worst) {
      const levyRate = entry.refused ? `refused ${entry.code}` : `${(100 * entry.levyRate).toFixed(4)}%`;
      console.log(
        `  ${entry.zip} pop ${entry.population}  ${entry.region}  ${(100 * entry.tableRate).toFixed(4)}%  ${levyRate}  ${entry.coverage ?? ""}  ${entry.city ?? "?"} / ${entry.county ?? "?"}`,
      );
    }
  }
}
if (options.json) await writeFile(options.json, JSON.stringify({ report, compared }, null, 1));
