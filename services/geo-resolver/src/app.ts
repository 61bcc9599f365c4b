// Wires the geo-resolver service: reference data loaded once, then the RPC routes; the
// IP database is reloaded when geoipupdate writes a new build, and its age is reported.
import { startService, type Logger, type RunningService } from "@levy/kit";
import type { EventBus } from "@levy/events";
import { geoResolverSettings } from "./config.js";
import type { CurrentIpDatabase } from "./ip/current-ip-database.js";
import { registerIpDatabaseMetrics, warnIfStale } from "./ip/ip-database-age.js";
import { loadGeoData } from "./loading/load-geo-data.js";
import { geoResolverRoutes } from "./rpc/geo-resolver-service.js";

export interface StartGeoResolverOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly sharedBus?: EventBus;
  /** Tests pass a logger to read what the service says. */
  readonly logger?: Logger;
}

/** Checks the IP database files every `intervalMs`; returns the stop function. */
function reloadIpDatabasePeriodically(ips: CurrentIpDatabase, intervalMs: number, logger: Logger): () => void {
  if (intervalMs === 0) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    ips
      .reloadIfChanged()
      .then((reloaded) => {
        if (!reloaded) return;
        logger.info({ ipDatabases: ips.info }, "IP database reloaded");
        warnIfStale(logger, ips.info);
      })
      // A file caught missing or broken keeps the database in use; the next pass retries.
      .catch((error: unknown) =>
        logger.error({ err: error }, "IP database reload failed; the previous one stays in use"),
      )
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

export function startGeoResolver(options: StartGeoResolverOptions = {}): Promise<RunningService> {
  return startService({
    service: "geo-resolver",
    settings: geoResolverSettings,
    env: options.env,
    logger: options.logger,
    sharedBus: options.sharedBus,
    build: async ({ config, logger, metrics }) => {
      const data = await loadGeoData(config);
      logger.info(data.stats, "geo reference data loaded");
      warnIfStale(logger, data.ips.info);
      registerIpDatabaseMetrics(metrics.registry, () => data.ips.info);
      const stopReloading = reloadIpDatabasePeriodically(data.ips, config.ipDatabaseReloadMs, logger);
      return {
        serviceNames: ["levy.geo_resolver.v1.GeoResolverService"],
        registerRoutes: geoResolverRoutes(data),
        close: async () => stopReloading(),
      };
    },
  });
}
