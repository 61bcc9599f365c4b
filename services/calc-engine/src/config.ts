import { fileURLToPath } from "node:url";
import { z } from "zod";
import {
  DEFAULT_ZIP_RATE_HORIZON_DAYS,
  hostingSettings,
  infrastructureSettings,
  setting,
  upstreamUrlSetting,
} from "@levy/kit";

const shippedRateData = fileURLToPath(new URL("../data", import.meta.url));

export const calcEngineSettings = {
  ...hostingSettings("calc-engine"),
  ...infrastructureSettings,
  geoResolverUrl: upstreamUrlSetting("geo-resolver"),
  catalogUrl: upstreamUrlSetting("catalog"),
  certificatesUrl: upstreamUrlSetting("certificates"),
  exemptionCacheMs: setting(
    "CALC_ENGINE_EXEMPTION_CACHE_MS",
    "how long a certificate exemption answer is cached (events drop it sooner)",
    z.coerce.number().int().min(0).default(300_000),
  ),
  rateDataDir: setting(
    "RATE_DATA_DIR",
    "directory of rate and taxability JSON files (default: the data shipped with Levy)",
    z.string().min(1).default(shippedRateData),
  ),
  usZipRatesPath: setting(
    "US_ZIP_RATES_PATH",
    "optional directory (or file) of TAXRATES_ZIP5_<ST><YYYYMM>.csv tables; a table answers its state's ZIPs from its month until the next table's, never over a built-in change dated after its month (`levy rates import` installs tables here)",
    z.string().optional(),
  ),
  usZipRatesHorizonDays: setting(
    "US_ZIP_RATES_HORIZON_DAYS",
    "days after the end of a table's month when the table becomes stale: answers still use it but carry rate_table.stale, and /readyz warns",
    z.coerce.number().int().min(0).max(3650).default(DEFAULT_ZIP_RATE_HORIZON_DAYS),
  ),
  usZipRatesReloadMs: setting(
    "US_ZIP_RATES_RELOAD_MS",
    "how often US_ZIP_RATES_PATH is checked for changed tables, which are then loaded without a restart (0: only at start-up)",
    z.coerce.number().int().min(0).default(60_000),
  ),
  calculationTtlDays: setting(
    "CALCULATION_TTL_DAYS",
    "days a stored calculation can be recorded as a transaction (expires_at)",
    z.coerce.number().int().min(1).max(365).default(90),
  ),
  calculationRetentionDays: setting(
    "CALCULATION_RETENTION_DAYS",
    "days an expired calculation is kept (answering calculation_expired) before it is deleted",
    z.coerce.number().int().min(0).max(3650).default(30),
  ),
  calculationPurgeIntervalMs: setting(
    "CALCULATION_PURGE_INTERVAL_MS",
    "how often expired calculations past their retention are deleted",
    z.coerce.number().int().min(1000).default(3_600_000),
  ),
};
