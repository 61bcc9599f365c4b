// `levy rates import DIR` and `levy rates status`: imported ZIP rate tables, handled on
// the machine that holds US_ZIP_RATES_PATH (no admin API call). import validates every
// table in DIR (names, columns, rates, repeated ZIPs, two tables for one month), reports
// what changes against the tables already installed, then copies the files into
// US_ZIP_RATES_PATH, which calc-engine re-reads (US_ZIP_RATES_RELOAD_MS). status shows
// the installed tables with their windows and staleness.
import { copyFile, mkdir, readFile, readdir, rename, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import {
  DEFAULT_ZIP_RATE_HORIZON_DAYS,
  ZIP_RATE_FILE_NAME,
  ZipRateImportError,
  ZipRateIndex,
  type ZipRates,
  loadZipRateTables,
  parseAvalaraZip5,
  zipRateFiles,
} from "@levy/kit";

type Values = Record<string, string | undefined>;

/** A problem the operator must fix before anything is installed (exit 1). */
class RatesError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join("\n"));
  }
}

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

function horizonDays(values: Values): number {
  const text = values["horizon-days"] ?? process.env.US_ZIP_RATES_HORIZON_DAYS;
  return text === undefined ? DEFAULT_ZIP_RATE_HORIZON_DAYS : Number(text);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The tables installed at `path` (none when it does not exist yet). */
async function installed(path: string, horizon: number): Promise<ZipRateIndex> {
  if (!(await exists(path))) return new ZipRateIndex(horizon);
  try {
    return await loadZipRateTables(path, horizon, { allowEmpty: true });
  } catch (error) {
    if (error instanceof ZipRateImportError)
      throw new RatesError([`the tables installed at ${path} do not load:`, ...error.problems]);
    throw error;
  }
}

/** Every table in `dir`, validated alone and as a set; a .csv that is not a table's name is a problem. */
async function validated(dir: string, horizon: number): Promise<{ files: string[]; index: ZipRateIndex }> {
  if (!(await exists(dir)) || !(await stat(dir)).isDirectory()) throw new RatesError([`${dir} is not a directory`]);
  const problems = (await readdir(dir))
    .filter((name) => name.toLowerCase().endsWith(".csv") && !ZIP_RATE_FILE_NAME.test(name))
    .map((name) => `${name}: file name is not TAXRATES_ZIP5_<ST><YYYYMM>.csv`);
  const files = await zipRateFiles(dir);
  if (files.length === 0) problems.push(`${dir}: no TAXRATES_ZIP5_<ST><YYYYMM>.csv files`);
  const index = new ZipRateIndex(horizon);
  for (const file of files) {
    try {
      index.add(parseAvalaraZip5(await readFile(file, "utf8"), basename(file)));
    } catch (error) {
      if (!(error instanceof ZipRateImportError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new RatesError(problems);
  return { files, index };
}

const sameRates = (a: ZipRates, b: ZipRates) =>
  a.combinedRate === b.combinedRate &&
  a.stateRate === b.stateRate &&
  a.countyRate === b.countyRate &&
  a.cityRate === b.cityRate &&
  a.specialRate === b.specialRate;

/** Per new table: its rows against what the installed tables answer in its month. */
function changes(incoming: ZipRateIndex, current: ZipRateIndex) {
  const installedWindows = current.windows();
  return incoming.windows().map((table) => {
    const day = table.effectiveFrom;
    const before = new Map<string, ZipRates>();
    for (const row of current.rowsOn(table.state, day)) before.set(row.zip, row);
    let added = 0;
    let changed = 0;
    for (const row of incoming.rowsOn(table.state, day)) {
      const old = before.get(row.zip);
      if (!old) added += 1;
      else if (!sameRates(old, row)) changed += 1;
      before.delete(row.zip);
    }
    return {
      state: table.state,
      month: day.slice(0, 7),
      rows: table.rows,
      added,
      changed,
      removed: before.size,
      // The installed table in force in that month (the newest from it or before).
      replaces:
        installedWindows
          .filter((w) => w.state === table.state && w.effectiveFrom <= day)
          .at(-1)
          ?.effectiveFrom.slice(0, 7) ?? null,
    };
  });
}

function target(values: Values): string {
  const path = values.into ?? process.env.US_ZIP_RATES_PATH;
  if (!path) throw new RatesError(["no target: set US_ZIP_RATES_PATH (calc-engine's setting) or pass --into DIR"]);
  return path;
}

export async function importRates(values: Values, [dir]: readonly string[]): Promise<number> {
  return report(async () => {
    const horizon = horizonDays(values);
    const into = target(values);
    const { files, index } = await validated(dir!, horizon);
    const current = await installed(into, horizon);
    const dryRun = values["dry-run"] !== undefined;
    if (!dryRun) {
      await mkdir(into, { recursive: true });
      // Copied under a temporary name, then renamed: calc-engine never reads half a file.
      for (const file of files) {
        const temporary = join(into, `.${basename(file)}.importing`);
        await copyFile(file, temporary);
        await rename(temporary, join(into, basename(file)));
      }
    }
    print({ into, dry_run: dryRun, tables: changes(index, current) });
  });
}

export async function rateStatus(values: Values): Promise<number> {
  return report(async () => {
    const horizon = horizonDays(values);
    const path = values.path ?? process.env.US_ZIP_RATES_PATH;
    if (!path) throw new RatesError(["no tables: set US_ZIP_RATES_PATH (calc-engine's setting) or pass --path DIR"]);
    const today = new Date().toISOString().slice(0, 10);
    const tables = (await installed(path, horizon)).windows().map((table) => ({
      state: table.state,
      month: table.effectiveFrom.slice(0, 7),
      effective_from: table.effectiveFrom,
      effective_to: table.effectiveTo,
      stale_from: table.staleFrom,
      stale: table.effectiveTo === null && table.staleFrom <= today,
      rows: table.rows,
    }));
    print({
      path,
      horizon_days: horizon,
      today,
      tables,
      stale_states: tables.filter((t) => t.stale).map((t) => t.state),
    });
  });
}

/** Runs the action; a RatesError is printed as `{ problems }` with exit code 1. */
async function report(action: () => Promise<void>): Promise<number> {
  try {
    await action();
    return 0;
  } catch (error) {
    if (!(error instanceof RatesError)) throw error;
    print({ problems: error.problems });
    return 1;
  }
}
