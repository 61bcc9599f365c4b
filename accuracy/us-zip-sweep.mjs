// Sweeps the published US ZIP-level rate tables (../shared/fixtures/us-avalara-zip5, the
// yardstick, never a source) through POST /tax/calculations of an embedded Levy and prints,
// per state, how far Levy's combined rate is from the table's: exact, within 0.5 pp, more
// than 2 pp off, refused; the same weighted by each ZIP's population; the share of the
// table's tax Levy collects; and the population answered FULL while off by more than 0.5 pp.
//
//   node accuracy/us-zip-sweep.mjs [--root <levy checkout>] [--states GA,NC] [--with-import]
//        [--misses <n>] [--json <file>] [--city postal|region] [--kinds]
//
// --root: the checkout whose build is measured (default: this one; run `npm run build` there).
// --with-import: also load the tables themselves (US_ZIP_RATES_PATH), to measure the import.
// --misses n: list the n most-populous ZIPs per state whose rate is more than 0.5 pp off.
// --city region: send the table's region name as the address's city instead of the ZIP's
//   postal city, to measure how addresses naming their municipality resolve.
// --kinds: also send every row with the region as the city, and print why the rows of the
//   main run miss, by kind (accuracy/miss-kinds.mjs), as shares of each state's population.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { classifyMisses, missKindShares, missKinds } from "./miss-kinds.mjs";
import { summarise } from "./sweep-figures.mjs";
import { fixtureDirOf, startLevy, sweepRows, tableRows, zipRecords } from "./sweep-levy.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: options } = parseArgs({
  options: {
    root: { type: "string", default: path.resolve(here, "..") },
    states: { type: "string" },
    "with-import": { type: "boolean", default: false },
    misses: { type: "string", default: "0" },
    json: { type: "string" },
    concurrency: { type: "string", default: "16" },
    city: { type: "string", default: "postal" },
    kinds: { type: "boolean", default: false },
  },
});
const root = path.resolve(options.root);
const states = options.states ? new Set(options.states.toUpperCase().split(",")) : undefined;
const [rows, records] = await Promise.all([tableRows(fixtureDirOf(root), states), zipRecords(root)]);
const levy = await startLevy(root, { withImport: options["with-import"] });
let compared;
let byRegion;
try {
  compared = await sweepRows(levy, rows, records, Number(options.concurrency), { cityFrom: options.city });
  if (options.kinds)
    byRegion = await sweepRows(levy, rows, records, Number(options.concurrency), { cityFrom: "region" });
} finally {
  await levy.stop();
}

const report = summarise(compared);
const pct = (value) => (value === null ? "-" : `${(100 * value).toFixed(1)}%`);
console.log(
  `US ZIP sweep: ${rows.length} table rows, ${options["with-import"] ? "built-in data + imported tables" : "built-in data"}, rates of 2026-03-15, city ${options.city === "region" ? "from the table's region" : "the ZIP's postal city"}, root ${root}`,
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
if (byRegion) {
  console.log("\nWhy rows miss, by kind: rows and share of the state's population");
  for (const { state, shares } of missKindShares(compared, classifyMisses(compared, byRegion))) {
    console.log(`${state}:`);
    for (const { key, label } of missKinds) {
      const { rows: count, popShare } = shares[key];
      if (count > 0)
        console.log(`  ${label.padEnd(70)} ${String(count).padStart(5)} rows ${pct(popShare).padStart(7)}`);
    }
  }
}
if (options.json) await writeFile(options.json, JSON.stringify({ report, compared }, null, 1));
