// Adapts an imported Avalara ZIP5 rate table to the lookup the jurisdiction plan uses.
import type { Logger } from "@levy/kit";
import type { ZipRateLookup } from "../calculations/jurisdiction-plan.js";
import { loadZipRateTables } from "./avalara-zip5.js";

const UNITS = 1e7;

export async function loadZipRateLookup(path: string, logger: Logger): Promise<ZipRateLookup> {
  const started = Date.now();
  const index = await loadZipRateTables(path);
  logger.info({ path, ms: Date.now() - started }, "US ZIP rate table imported");
  return (state, zip5, day) => {
    const rates = index.lookup(state, zip5, day);
    if (!rates) return undefined;
    return {
      regionName: rates.regionName,
      state: rates.stateRate / UNITS,
      county: rates.countyRate / UNITS,
      city: rates.cityRate / UNITS,
      special: rates.specialRate / UNITS,
    };
  };
}
