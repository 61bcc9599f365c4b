// Importer for the published "TAXRATES_ZIP5_<ST><YYYYMM>.csv" ZIP-level rate tables, so an
// operator can load ZIP-level US coverage from a path. Rates are parsed from their
// decimal text into integers of 1e-7 (no floating-point error) and checked strictly.
// Shared by calc-engine (which answers from them) and the `levy rates` CLI (which
// validates and installs them). A table is in force from its month until the next
// table of its state; past a horizon it is stale (still used, flagged).
import { readFile, readdir, stat } from "node:fs/promises";
import { basename, join } from "node:path";

const HEADER =
  "State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel";
export const ZIP_RATE_FILE_NAME = /^TAXRATES_ZIP5_([A-Z]{2})(\d{4})(\d{2})\.csv$/;
const FILE_NAME = ZIP_RATE_FILE_NAME;
/** Default staleness horizon: days after the end of a table's month. */
export const DEFAULT_ZIP_RATE_HORIZON_DAYS = 45;

export class ZipRateImportError extends Error {
  override readonly name = "ZipRateImportError";
  constructor(readonly problems: readonly string[]) {
    super(
      `ZIP rate import failed:\n  ${problems.slice(0, 20).join("\n  ")}${problems.length > 20 ? `\n  … and ${problems.length - 20} more` : ""}`,
    );
  }
}

export interface ZipRates {
  readonly state: string;
  readonly zip: string;
  readonly regionName: string;
  readonly effectiveFrom: string;
  /** The next table's month (exclusive), or null when this is the newest table of its state. */
  readonly effectiveTo: string | null;
  /** The first day this table is stale (the horizon past its month). */
  readonly staleFrom: string;
  /** Rates in units of 1e-7 (0.0625 → 625000). */
  readonly stateRate: number;
  readonly countyRate: number;
  readonly cityRate: number;
  readonly specialRate: number;
  readonly combinedRate: number;
}

/** One state's table for one month: rates in Int32Arrays, region names deduplicated. */
export interface ZipRateTable {
  readonly state: string;
  readonly effectiveFrom: string;
  readonly zips: ReadonlyMap<string, number>;
  readonly rates: Int32Array; // 5 per row: combined, state, county, city, special
  readonly regionIndex: Uint16Array | Uint32Array;
  readonly regionNames: readonly string[];
}

/** "0.102500" → 1025000; null when not a decimal fraction in [0, 1) with ≤ 7 decimals. */
export function parseRateUnits(text: string): number | null {
  const match = /^0(?:\.(\d{1,7}))?$/.exec(text);
  if (!match) return null;
  return Number((match[1] ?? "").padEnd(7, "0"));
}

export function parseAvalaraZip5(text: string, fileName: string): ZipRateTable {
  const name = FILE_NAME.exec(basename(fileName));
  if (!name) throw new ZipRateImportError([`${fileName}: file name is not TAXRATES_ZIP5_<ST><YYYYMM>.csv`]);
  const [, state, year, month] = name as unknown as [string, string, string, string];
  if (Number(month) < 1 || Number(month) > 12)
    throw new ZipRateImportError([`${fileName}: month ${month} in the file name is not 01–12`]);
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const problems: string[] = [];
  if ((lines[0] ?? "").replace(/\r$/, "") !== HEADER) problems.push(`${fileName}:1: header is not ${HEADER}`);
  const zips = new Map<string, number>();
  const rows = lines.length - 1;
  const rates = new Int32Array(Math.max(rows, 0) * 5);
  const regionIndex = new Uint32Array(Math.max(rows, 0));
  const regionNames: string[] = [];
  const regionIds = new Map<string, number>();
  for (let i = 1; i < lines.length; i += 1) {
    const where = `${fileName}:${i + 1}`;
    const fields = lines[i]!.replace(/\r$/, "").split(",");
    if (fields.length !== 9) {
      problems.push(`${where}: expected 9 fields, found ${fields.length}`);
      continue;
    }
    const [rowState, zip, region, ...rest] = fields as [string, string, string, ...string[]];
    if (rowState !== state) problems.push(`${where}: state ${rowState} in a ${state} file`);
    if (!/^\d{5}$/.test(zip)) problems.push(`${where}: ZIP "${zip}" is not 5 digits`);
    if (zips.has(zip)) problems.push(`${where}: ZIP ${zip} repeated`);
    const units = rest.slice(0, 5).map(parseRateUnits);
    if (units.some((u) => u === null)) {
      problems.push(`${where}: a rate is not a decimal fraction in [0, 1)`);
      continue;
    }
    const [combined, stateRate, county, city, special] = units as number[];
    // The published tables round each part to six decimals, so a sum may be off by 0.000001.
    if (Math.abs(combined! - (stateRate! + county! + city! + special!)) > 10)
      problems.push(`${where}: combined rate is not the sum of its parts`);
    const row = i - 1;
    zips.set(zip, row);
    rates.set([combined!, stateRate!, county!, city!, special!], row * 5);
    let id = regionIds.get(region);
    if (id === undefined) {
      id = regionNames.push(region) - 1;
      regionIds.set(region, id);
    }
    regionIndex[row] = id;
  }
  if (problems.length > 0) throw new ZipRateImportError(problems);
  return { state, effectiveFrom: `${year}-${month}-01`, zips, rates, regionIndex, regionNames };
}

/** YYYY-MM-DD of the first day of the month after `day`, plus `days`. */
function horizonEnd(monthStart: string, days: number): string {
  const at = new Date(`${monthStart}T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + 1);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** One loaded table's window, for status reports. */
export interface ZipRateTableWindow {
  readonly state: string;
  readonly effectiveFrom: string;
  readonly effectiveTo: string | null;
  readonly staleFrom: string;
  readonly rows: number;
}

/** Tables of several states and months; a lookup takes the table in force on the day. */
export class ZipRateIndex {
  private readonly byState = new Map<string, ZipRateTable[]>();

  constructor(readonly horizonDays = DEFAULT_ZIP_RATE_HORIZON_DAYS) {}

  add(table: ZipRateTable): void {
    const tables = this.byState.get(table.state) ?? [];
    if (tables.some((t) => t.effectiveFrom === table.effectiveFrom))
      throw new ZipRateImportError([`two ${table.state} tables for ${table.effectiveFrom}`]);
    tables.push(table);
    tables.sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
    this.byState.set(table.state, tables);
  }

  get rowCount(): number {
    let count = 0;
    for (const tables of this.byState.values()) for (const table of tables) count += table.zips.size;
    return count;
  }

  /** Every table, by state then month, with the window it is in force. */
  windows(): ZipRateTableWindow[] {
    const windows: ZipRateTableWindow[] = [];
    for (const state of [...this.byState.keys()].sort()) {
      const tables = this.byState.get(state)!;
      tables.forEach((table, index) => {
        windows.push({
          state,
          effectiveFrom: table.effectiveFrom,
          effectiveTo: index === 0 ? null : tables[index - 1]!.effectiveFrom,
          staleFrom: horizonEnd(table.effectiveFrom, this.horizonDays),
          rows: table.zips.size,
        });
      });
    }
    return windows.sort((a, b) => a.state.localeCompare(b.state) || a.effectiveFrom.localeCompare(b.effectiveFrom));
  }

  /** The newest table of each state that is stale on `day` (what /readyz warns about). */
  staleOn(day: string): ZipRateTableWindow[] {
    return this.windows().filter((window) => window.effectiveTo === null && window.staleFrom <= day);
  }

  lookup(state: string, zip5: string, day: string): ZipRates | undefined {
    const tables = this.byState.get(state);
    const at = tables?.findIndex((t) => t.effectiveFrom <= day) ?? -1;
    if (!tables || at < 0) return undefined;
    const table = tables[at]!;
    const row = table.zips.get(zip5);
    if (row === undefined) return undefined;
    const r = table.rates;
    const offset = row * 5;
    return {
      state,
      zip: zip5,
      regionName: table.regionNames[table.regionIndex[row]!]!,
      effectiveFrom: table.effectiveFrom,
      effectiveTo: at === 0 ? null : tables[at - 1]!.effectiveFrom,
      staleFrom: horizonEnd(table.effectiveFrom, this.horizonDays),
      combinedRate: r[offset]!,
      stateRate: r[offset + 1]!,
      countyRate: r[offset + 2]!,
      cityRate: r[offset + 3]!,
      specialRate: r[offset + 4]!,
    };
  }

  /** Every row of the state's table in force on `day` (for comparing two sets of tables). */
  *rowsOn(state: string, day: string): Generator<ZipRates> {
    const table = this.byState.get(state)?.find((t) => t.effectiveFrom <= day);
    if (!table) return;
    for (const zip of table.zips.keys()) yield this.lookup(state, zip, day)!;
  }
}

/** The TAXRATES_ZIP5 files directly inside a directory (or the one file given), sorted. */
export async function zipRateFiles(path: string): Promise<string[]> {
  return (await stat(path)).isDirectory()
    ? (await readdir(path))
        .filter((name) => FILE_NAME.test(name))
        .sort()
        .map((name) => join(path, name))
    : [path];
}

/**
 * A TAXRATES_ZIP5 CSV file, or every such file directly inside a directory; with
 * `allowEmpty`, a directory without tables is an empty index (tables may be imported later).
 */
export async function loadZipRateTables(
  path: string,
  horizonDays = DEFAULT_ZIP_RATE_HORIZON_DAYS,
  { allowEmpty = false } = {},
): Promise<ZipRateIndex> {
  const files = await zipRateFiles(path);
  if (files.length === 0 && !allowEmpty)
    throw new ZipRateImportError([`${path}: no TAXRATES_ZIP5_<ST><YYYYMM>.csv files`]);
  const index = new ZipRateIndex(horizonDays);
  const problems: string[] = [];
  for (const file of files) {
    try {
      index.add(parseAvalaraZip5(await readFile(file, "utf8"), file));
    } catch (error) {
      if (error instanceof ZipRateImportError) problems.push(...error.problems);
      else throw error;
    }
  }
  if (problems.length > 0) throw new ZipRateImportError(problems);
  return index;
}
