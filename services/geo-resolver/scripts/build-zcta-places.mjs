// Builds data/zcta-places-2020.tsv, the incorporated places each ZIP (Census ZCTA) lies
// in with their share of its land area, from the U.S. Census Bureau's 2020 ZCTA to Place
// Relationship File:
//
//   https://www2.census.gov/geo/docs/maps-data/data/rel2020/zcta520/tab20_zcta520_place20_natl.txt
//   (record layout: https://www.census.gov/programs-surveys/geography/technical-documentation/records-layout/2020-zcta-record-layout.html)
//
//   node services/geo-resolver/scripts/build-zcta-places.mjs \
//     --census tab20_zcta520_place20_natl.txt > services/geo-resolver/data/zcta-places-2020.tsv
//
// or from a column extract of the same file and of its companion ZCTA to County file
// (tab20_zcta520_county20_natl.txt), as CSVs with the header lines
// "zcta,place_name,state,area_land_part" (FUNCSTAT_PLACE_20 "A" rows only) and
// "zcta,county_name,state,area_land_part" (the county parts add up to the ZCTA's land):
//
//   node services/geo-resolver/scripts/build-zcta-places.mjs --extract zcta_place.csv zcta_county.csv
//
// Kept: places whose functional status is "A" (active government: cities, towns,
// villages, boroughs), the ones that can levy a sales tax. Left out: census-designated
// places (statistical, no government) and the "balance" parts of consolidated governments
// (FUNCSTAT B/F: Nashville-Davidson, Indianapolis, Louisville/Jefferson, Baton Rouge, ...),
// which the extract does not carry either, so both inputs give the same file.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values: options, positionals } = parseArgs({
  options: { census: { type: "string" }, extract: { type: "boolean", default: false } },
  allowPositionals: true,
});

const stateOfFips = new Map(
  Object.entries({
    "01": "AL",
    "02": "AK",
    "04": "AZ",
    "05": "AR",
    "06": "CA",
    "08": "CO",
    "09": "CT",
    10: "DE",
    11: "DC",
    12: "FL",
    13: "GA",
    15: "HI",
    16: "ID",
    17: "IL",
    18: "IN",
    19: "IA",
    20: "KS",
    21: "KY",
    22: "LA",
    23: "ME",
    24: "MD",
    25: "MA",
    26: "MI",
    27: "MN",
    28: "MS",
    29: "MO",
    30: "MT",
    31: "NE",
    32: "NV",
    33: "NH",
    34: "NJ",
    35: "NM",
    36: "NY",
    37: "NC",
    38: "ND",
    39: "OH",
    40: "OK",
    41: "OR",
    42: "PA",
    44: "RI",
    45: "SC",
    46: "SD",
    47: "TN",
    48: "TX",
    49: "UT",
    50: "VT",
    51: "VA",
    53: "WA",
    54: "WV",
    55: "WI",
    56: "WY",
    60: "AS",
    66: "GU",
    69: "MP",
    72: "PR",
    78: "VI",
  }),
);

// The legal/statistical area description the Census appends to a place's name (NAMELSAD).
const lsadSuffixes = [
  " city and borough",
  " consolidated government",
  " metropolitan government",
  " unified government",
  " metro government",
  " urban county",
  " metro township",
  " municipality",
  " corporation",
  " borough",
  " village",
  " city",
  " town",
];

/** "San Buenaventura (Ventura) city" → "Ventura": the name people and rate tables use. */
function placeName(namelsad) {
  let name = namelsad.trim();
  for (const suffix of lsadSuffixes) {
    if (name.endsWith(suffix) && name.length > suffix.length) {
      name = name.slice(0, -suffix.length);
      break;
    }
  }
  const common = /\(([^)]+)\)$/.exec(name);
  if (common) name = common[1];
  if (/[\t;=]/.test(name)) throw new Error(`place name ${JSON.stringify(name)} has a separator character`);
  return name;
}

function lines(path) {
  return readFileSync(path, "utf8")
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((line) => line !== "");
}

/** Rows of a delimited file as objects keyed by its header (no quoted fields in these files). */
function table(path, delimiter) {
  const [header, ...body] = lines(path);
  const columns = header.split(delimiter);
  return body.map((line) => {
    const cells = line.split(delimiter);
    return Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? ""]));
  });
}

/** zip → { land, parts: Map<"ST|name", land> } */
const zctas = new Map();
const zcta = (zip) => {
  let entry = zctas.get(zip);
  if (!entry) {
    entry = { land: 0, parts: new Map() };
    zctas.set(zip, entry);
  }
  return entry;
};
const addPart = (zip, state, namelsad, land) => {
  if (!(land > 0) || !state) return;
  const key = `${state}\t${placeName(namelsad)}`;
  const parts = zcta(zip).parts;
  parts.set(key, (parts.get(key) ?? 0) + land);
};

if (options.census) {
  for (const row of table(options.census, "|")) {
    const zip = row.GEOID_ZCTA5_20;
    if (!/^\d{5}$/.test(zip)) continue;
    zcta(zip).land = Number(row.AREALAND_ZCTA5_20);
    if (row.GEOID_PLACE_20 && row.FUNCSTAT_PLACE_20 === "A")
      addPart(zip, stateOfFips.get(row.GEOID_PLACE_20.slice(0, 2)), row.NAMELSAD_PLACE_20, Number(row.AREALAND_PART));
  }
} else if (options.extract && positionals.length === 2) {
  const [placeCsv, countyCsv] = positionals;
  for (const row of table(countyCsv, ",")) zcta(row.zcta).land += Number(row.area_land_part);
  for (const row of table(placeCsv, ",")) addPart(row.zcta, row.state, row.place_name, Number(row.area_land_part));
} else {
  console.error(
    "usage: build-zcta-places.mjs --census tab20_zcta520_place20_natl.txt | --extract zcta_place.csv zcta_county.csv",
  );
  process.exit(2);
}

const out = [
  "# Incorporated places (active governments: cities, towns, villages, boroughs) of each 2020 Census ZCTA,",
  "# with the share of the ZCTA's land area in each, in basis points (10000 = the whole ZCTA).",
  "# Source: U.S. Census Bureau, 2020 ZCTA to Place Relationship File (tab20_zcta520_place20_natl.txt),",
  "# https://www2.census.gov/geo/docs/maps-data/data/rel2020/zcta520/tab20_zcta520_place20_natl.txt",
  "# (2020 Census tabulation blocks; the ZCTA's land area from the 2020 ZCTA to County Relationship File).",
  "# Generated by services/geo-resolver/scripts/build-zcta-places.mjs; do not edit by hand.",
  "# zip<TAB>state<TAB>place=share;place=share (largest first; state empty when no place: unincorporated)",
];
let zips = 0;
for (const zip of [...zctas.keys()].sort()) {
  const { land, parts } = zctas.get(zip);
  if (!(land > 0)) continue;
  zips++;
  const byState = new Map();
  for (const [key, part] of parts) {
    const [state, name] = key.split("\t");
    const share = Math.max(1, Math.round((part * 10_000) / land));
    if (!byState.has(state)) byState.set(state, []);
    byState.get(state).push([name, Math.min(share, 10_000)]);
  }
  if (byState.size === 0) out.push(`${zip}\t\t`);
  for (const state of [...byState.keys()].sort()) {
    const list = byState.get(state).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    out.push(`${zip}\t${state}\t${list.map(([name, share]) => `${name}=${share}`).join(";")}`);
  }
}
process.stdout.write(`${out.join("\n")}\n`);
console.error(`${zips} ZCTAs, ${out.length - 7} lines`);
