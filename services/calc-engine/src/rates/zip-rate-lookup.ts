// The imported ZIP rate tables (US_ZIP_RATES_PATH) as the jurisdiction plan reads them,
// re-read when the files change (`levy rates import` installs files there), and the
// stale tables /readyz warns about.
import { stat } from "node:fs/promises";
import { type Logger, type ZipRateIndex, loadZipRateTables, zipRateFiles } from "@levy/kit";
import type { ZipRateLookup } from "../calculations/jurisdiction-plan.js";

export interface ZipRateOptions {
  readonly horizonDays: number;
  /** How often the path is checked for changed files; 0: never. */
  readonly reloadMs: number;
}

export interface LoadedZipRates {
  readonly lookup: ZipRateLookup;
  /** One warning per state whose newest table is past its horizon today; empty when none. */
  staleWarnings(today: string): string[];
  close(): void;
}

/** Names, sizes and modification times of the table files: changes when a file does. */
async function signature(path: string): Promise<string> {
  const files = await zipRateFiles(path);
  const stats = await Promise.all(
    files.map(async (file) => {
      const { size, mtimeMs } = await stat(file);
      return [file, size, mtimeMs];
    }),
  );
  return JSON.stringify(stats);
}

export async function loadZipRateLookup(
  path: string,
  options: ZipRateOptions,
  logger: Logger,
): Promise<LoadedZipRates> {
  const started = Date.now();
  const load = () => loadZipRateTables(path, options.horizonDays, { allowEmpty: true });
  let current: ZipRateIndex = await load();
  let seen = await signature(path);
  logger.info({ path, rows: current.rowCount, ms: Date.now() - started }, "US ZIP rate tables imported");

  const reload = async () => {
    const now = await signature(path);
    if (now === seen) return;
    seen = now;
    current = await load();
    logger.info({ path, rows: current.rowCount }, "US ZIP rate tables reloaded");
  };
  let reloading = false;
  const timer =
    options.reloadMs > 0
      ? setInterval(() => {
          if (reloading) return;
          reloading = true;
          // A bad set of files is refused; the tables already loaded keep answering.
          reload()
            .catch((error: Error) => logger.error({ path, err: error.message }, "US ZIP rate tables not reloaded"))
            .finally(() => {
              reloading = false;
            });
        }, options.reloadMs).unref()
      : undefined;

  return {
    lookup: (state, zip5, day) => {
      const rates = current.lookup(state, zip5, day);
      if (!rates) return undefined;
      return {
        regionName: rates.regionName,
        effectiveFrom: rates.effectiveFrom,
        staleFrom: rates.staleFrom,
        combined: rates.combinedRate,
        state: rates.stateRate,
        county: rates.countyRate,
        city: rates.cityRate,
        special: rates.specialRate,
      };
    },
    staleWarnings: (today) =>
      current
        .staleOn(today)
        .map(
          (table) =>
            `${table.state} rate table of ${table.effectiveFrom.slice(0, 7)} is stale since ${table.staleFrom} (no newer table imported)`,
        ),
    close: () => clearInterval(timer),
  };
}
