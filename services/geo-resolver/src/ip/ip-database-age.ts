// How old the IP database is, for the operator: levy_geo_ip_database_build_timestamp_seconds
// on /metrics (the chart's LevyIpDatabaseStale alert compares it with the time) and a
// warning in the log when a build is older than GeoLite2's licence allows (30 days).
import type { Logger } from "@levy/kit";
import { Gauge, type Registry } from "prom-client";
import type { IpDatabaseInfo } from "./ip-database.js";

export const maxIpDatabaseAgeDays = 30;
const dayMs = 86_400_000;

export function registerIpDatabaseMetrics(registry: Registry, current: () => readonly IpDatabaseInfo[]): void {
  new Gauge({
    name: "levy_geo_ip_database_build_timestamp_seconds",
    help: "Build time of the IP database in use (Unix seconds), by lookup family and database type",
    labelNames: ["database", "type"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const info of current())
        this.set({ database: info.database, type: info.databaseType }, Date.parse(info.builtAt) / 1000);
    },
  });
}

/** Logs a warning for each database built more than 30 days before `now`. */
export function warnIfStale(logger: Logger, databases: readonly IpDatabaseInfo[], now = Date.now()): void {
  for (const info of databases) {
    const ageDays = Math.floor((now - Date.parse(info.builtAt)) / dayMs);
    if (ageDays <= maxIpDatabaseAgeDays) continue;
    logger.warn(
      { database: info.database, path: info.path, built_at: info.builtAt, age_days: ageDays },
      `IP database is older than ${maxIpDatabaseAgeDays} days: mount a current one (GEO_RESOLVER_IP_DB_IPV4/IPV6, kept fresh by geoipupdate; see helm/levy/README.md)`,
    );
  }
}
