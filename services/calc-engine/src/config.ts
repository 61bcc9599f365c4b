import { fileURLToPath } from "node:url";
import { z } from "zod";
import { hostingSettings, infrastructureSettings, setting, upstreamUrlSetting } from "@levy/kit";

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
    "optional Avalara TAXRATES_ZIP5 CSV file or directory; its ZIP rates take precedence for US addresses from the table's month",
    z.string().optional(),
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
