// Builds the ZIP index once at start-up: the SimpleMaps records first (they define a
// ZIP), then GeoNames for ZIPs SimpleMaps lacks and for alternative place names.
import { ZipIndexBuilder, type ZipIndex } from "../domain/zip-index.js";
import { loadGeonamesZips, packagedGeonamesPath } from "./geonames-zips.js";
import { loadPackagedSimplemaps, loadSimplemapsCsv, packagedSimplemapsPath } from "./simplemaps-zips.js";

export interface UsZipSources {
  /** SimpleMaps uszips.csv replacing the packaged data. */
  readonly simplemapsCsv?: string | undefined;
  /** GeoNames US.txt replacing the packaged one; "none" leaves the supplement out. */
  readonly geonamesTxt?: string | undefined;
}

export interface LoadedZips {
  readonly index: ZipIndex;
  readonly primaryRecords: number;
  readonly supplementRecords: number;
}

/** Fewer ZIPs than this means a truncated or wrong file: refuse to start. */
const minimumPrimaryZips = 1_000;

export async function loadUsZips(sources: UsZipSources = {}): Promise<LoadedZips> {
  const builder = new ZipIndexBuilder();
  const primaryRecords = sources.simplemapsCsv
    ? await loadSimplemapsCsv(sources.simplemapsCsv, (record) => builder.addPrimary(record))
    : await loadPackagedSimplemaps(packagedSimplemapsPath(), (record) => builder.addPrimary(record));
  if (primaryRecords < minimumPrimaryZips) throw new Error(`US ZIP data has only ${primaryRecords} records`);
  const geonames = sources.geonamesTxt ?? packagedGeonamesPath();
  const supplementRecords =
    geonames === "none" ? 0 : await loadGeonamesZips(geonames, (record) => builder.addSupplement(record));
  return { index: builder.build(), primaryRecords, supplementRecords };
}
