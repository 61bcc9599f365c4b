// Loads all reference data once at start-up and wires the resolvers over it.
import { AddressResolver } from "../domain/resolve-address.js";
import { LocationResolver } from "../domain/resolve-location.js";
import { CurrentIpDatabase } from "../ip/current-ip-database.js";
import { packagedIpDatabasePaths, type IpDatabaseInfo } from "../ip/ip-database.js";
import { loadUsPlaces } from "./geonames-places.js";
import { loadUsZips } from "./load-us-zips.js";
import { loadZctaPlaces } from "./zcta-places.js";

export interface GeoDataSources {
  readonly usZipsCsv?: string | undefined;
  readonly usZipsGeonames?: string | undefined;
  readonly ipDatabaseIpv4?: string | undefined;
  readonly ipDatabaseIpv6?: string | undefined;
}

export interface GeoData {
  readonly addresses: AddressResolver;
  readonly locations: LocationResolver;
  /** The IP database behind `locations`, to reload and to report its age. */
  readonly ips: CurrentIpDatabase;
  readonly stats: {
    readonly zipCount: number;
    readonly primaryZipRecords: number;
    readonly supplementZipRecords: number;
    readonly usPlaces: number;
    /** ZIPs (Census ZCTAs) whose incorporated places are known. */
    readonly zctaPlaces: number;
    readonly ipDatabases: readonly IpDatabaseInfo[];
    readonly loadMs: number;
  };
}

export async function loadGeoData(sources: GeoDataSources = {}): Promise<GeoData> {
  const started = performance.now();
  const packaged = sources.ipDatabaseIpv4 && sources.ipDatabaseIpv6 ? undefined : packagedIpDatabasePaths();
  const [zips, places, zctas, ips] = await Promise.all([
    loadUsZips({ simplemapsCsv: sources.usZipsCsv, geonamesTxt: sources.usZipsGeonames }),
    loadUsPlaces(),
    loadZctaPlaces(),
    CurrentIpDatabase.open({
      ipv4: sources.ipDatabaseIpv4 ?? packaged!.ipv4,
      ipv6: sources.ipDatabaseIpv6 ?? packaged!.ipv6,
    }),
  ]);
  const addresses = new AddressResolver(zips.index, places, zctas);
  return {
    addresses,
    locations: new LocationResolver(addresses, ips),
    ips,
    stats: {
      zipCount: zips.index.size,
      primaryZipRecords: zips.primaryRecords,
      supplementZipRecords: zips.supplementRecords,
      usPlaces: places.size,
      zctaPlaces: zctas.size,
      ipDatabases: ips.info,
      loadMs: Math.round(performance.now() - started),
    },
  };
}
