// The EU/international check of `npm run accuracy` (issue 18 item 7): compares Levy's
// standard and reduced VAT rates, per country and day, with the two EU rate datasets in
// ../shared/fixtures/eu-vat-rates (the yardstick, never a source): vat-rates.json
// (ibericode, EU-27 + GB, standard and reduced, as of 2025-08-12) and vat_rates.csv
// (kdeldycke, standard rates of the EU-27, special territories and some other countries,
// as of 2025-09-18). Days compared: 2020-01-01, every change day in either dataset from
// then on (and the day before), and today. Each day prints "exact" or "different"; a
// difference Levy has checked names the official source that shows who is right.
//
//   node accuracy/intl-sweep.mjs [--root <levy checkout>] [--today YYYY-MM-DD]
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { KNOWN_DIFFERENCES } from "./intl-known-differences.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: options } = parseArgs({
  options: {
    root: { type: "string", default: path.resolve(here, "..") },
    today: { type: "string", default: new Date().toISOString().slice(0, 10) },
  },
});
const root = path.resolve(options.root);
const fixtureDir = path.resolve(root, "../shared/fixtures/eu-vat-rates");
const FROM = "2020-01-01";
const JSON_AS_OF = "2025-08-12";
const CSV_AS_OF = "2025-09-18";
const EU27 = "AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK".split(" ");
/** Levy's ids of the CSV's special territories and other countries, with the CSV's code. */
const CSV_IDS = {
  "ES-VATX-CANARY_ISLANDS": "ES-CN",
  "ES-VATX-CEUTA": "ES-CE",
  "ES-VATX-MELILLA": "ES-ML",
  "FR-VATX-GUADELOUPE": "FR-GP",
  "FR-VATX-MARTINIQUE": "FR-MQ",
  "FR-VATX-FRENCH_GUIANA": "FR-GF",
  "FR-VATX-REUNION": "FR-RE",
  "FR-VATX-MAYOTTE": "FR-YT",
  "FI-VATX-ALAND": "FI-01",
  "DE-VATX-BUSINGEN": "DE-78266",
  "DE-VATX-HELIGOLAND": "DE-27498",
  "IT-VATX-LIVIGNO": "IT-23041",
  "IT-VATX-CAMPIONE_D_ITALIA": "IT-22061",
  "GR-VATX-MOUNT_ATHOS": "GR-69",
  ...Object.fromEntries(["GB", "CH", "NO", "AU", "NZ", "JP", "KR", "ZA"].map((cc) => [cc, cc])),
};

const pct = (fraction) => Math.round(fraction * 100_000) / 1000;
const inForce = (period, day) =>
  period.effective_from <= day && (period.effective_to === null || day < period.effective_to);
const dayBefore = (day) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const sortedSet = (values) => [...new Set(values)].sort((a, b) => a - b);

async function levyRates() {
  const { loadRateDataDir } = await import(
    pathToFileURL(path.join(root, "services/calc-engine/dist/rates/load-rate-data.js")).href
  );
  return loadRateDataDir(path.join(root, "services/calc-engine/data")).jurisdictions;
}

/** ibericode's periods (newest first, "0000-01-01" meaning "since before its history"), as {from, rates}. */
async function jsonFixture() {
  const items = JSON.parse(await readFile(path.join(fixtureDir, "vat-rates.json"), "utf8")).items;
  return {
    changes: (cc) => (items[cc] ?? []).map((period) => period.effective_from),
    on: (cc) => (day) => {
      let best;
      for (const period of items[cc] ?? [])
        if (period.effective_from <= day && (!best || period.effective_from > best.effective_from)) best = period;
      return best?.rates;
    },
  };
}

/** RFC 4180 rows: quoted fields may hold commas, newlines and doubled quotes. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endField();
    else if (c === "\n") endRow();
    else if (c !== "\r") field += c;
  }
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

async function csvFixture() {
  const [header, ...rows] = parseCsv(await readFile(path.join(fixtureDir, "vat_rates.csv"), "utf8"));
  const col = (name) => header.indexOf(name);
  const entries = rows
    .filter((r) => r.length >= header.length)
    .map((r) => ({
      start: r[col("start_date")],
      stop: r[col("stop_date")] || null,
      codes: r[col("territory_codes")].split("\n").map((code) => code.trim()),
      rate: Number(r[col("rate")]),
      description: r[col("description")],
    }))
    // Only the general rate of each territory, not the digital-services lines for non-residents.
    .filter((entry) => !/non-resident/i.test(entry.description));
  return (code) => (day) =>
    entries.find((e) => e.codes.includes(code) && e.start <= day && (e.stop === null || day < e.stop))?.rate;
}

function sampleDays(changeDays) {
  const days = new Set([FROM, options.today]);
  for (const day of changeDays) for (const d of [day, dayBefore(day)]) if (d >= FROM && d <= options.today) days.add(d);
  return [...days].sort();
}

function knownReason(key, day) {
  const known = KNOWN_DIFFERENCES.find((k) => k.key === key && k.from <= day && day <= k.to);
  return known ? known.why : undefined;
}

function line(cc, day, ours, theirs, asOf, kind) {
  const exact = JSON.stringify(ours) === JSON.stringify(theirs);
  const why = exact
    ? ""
    : (knownReason(`${cc} ${kind}`, day) ?? (day > asOf ? `yardstick is as of ${asOf}` : "UNEXPLAINED"));
  return {
    exact,
    text: `${cc.padEnd(24)} ${day}  ${kind.padEnd(8)} Levy ${JSON.stringify(ours).padEnd(22)} yardstick ${JSON.stringify(theirs ?? null).padEnd(22)} ${exact ? "exact" : `different: ${why}`}`,
  };
}

const levy = await levyRates();
const fromJson = await jsonFixture();
const fromCsv = await csvFixture();
const results = [];
const levyOn = (id, day) => levy.get(id)?.rates.find((period) => inForce(period, day))?.rates;

console.log(
  `EU/international VAT sweep: Levy's rate data (${root}) against ../shared/fixtures/eu-vat-rates, ${FROM} to ${options.today}`,
);
console.log("\nvat-rates.json (ibericode, EU-27 + GB, as of 2025-08-12): standard rate and the set of reduced rates");
for (const cc of [...EU27, "GB"]) {
  const theirsOn = fromJson.on(cc);
  for (const day of sampleDays([...levy.get(cc).rates.map((p) => p.effective_from), ...fromJson.changes(cc)])) {
    const ours = levyOn(cc, day);
    const theirs = theirsOn(day);
    if (!ours || !theirs) continue;
    const standard = line(cc, day, pct(ours.standard), theirs.standard, JSON_AS_OF, "standard");
    const reduced = line(
      cc,
      day,
      sortedSet(
        Object.entries(ours)
          .filter(([k]) => k !== "standard")
          .map(([, r]) => pct(r)),
      ),
      sortedSet(
        Object.entries(theirs)
          .filter(([k]) => k !== "standard")
          .map(([, r]) => r),
      ),
      JSON_AS_OF,
      "reduced",
    );
    results.push(standard, reduced);
    console.log(standard.text);
    console.log(reduced.text);
  }
}

console.log(
  "\nvat_rates.csv (kdeldycke, as of 2025-09-18): standard rates of the special territories and other countries",
);
for (const [id, code] of Object.entries(CSV_IDS)) {
  if (!levy.get(id)) continue;
  const theirsOn = fromCsv(code);
  for (const day of sampleDays(levy.get(id).rates.map((p) => p.effective_from))) {
    const ours = levyOn(id, day);
    const theirs = theirsOn(day);
    if (!ours || theirs === undefined) continue;
    const result = line(id, day, pct(ours.standard), pct(theirs), CSV_AS_OF, "standard");
    results.push(result);
    console.log(result.text);
  }
}

const different = results.filter((r) => !r.exact);
const unexplained = different.filter((r) => r.text.includes("UNEXPLAINED"));
console.log(
  `\n${results.length} comparisons: ${results.length - different.length} exact, ${different.length} different (${different.length - unexplained.length} explained by an official source or the yardstick's date, ${unexplained.length} unexplained)`,
);
if (unexplained.length > 0) process.exitCode = 1;
