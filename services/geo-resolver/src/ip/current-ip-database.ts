// The IP database in use, replaced when its files change: geoipupdate (a CronJob or a
// sidecar, see helm/levy/README.md) writes a new build over the mounted files twice a
// week, and the service picks it up without a restart. A file being written is never
// read half-way: geoipupdate renames a complete file into place.
import { stat } from "node:fs/promises";
import type { IpLookup } from "../domain/resolve-location.js";
import { IpDatabase, type IpDatabaseInfo, type IpDatabasePaths, type IpLocation } from "./ip-database.js";

async function modifiedTimes(paths: IpDatabasePaths): Promise<string> {
  const times = await Promise.all([paths.ipv4, paths.ipv6].map(async (path) => (await stat(path)).mtimeMs));
  return times.join(",");
}

export class CurrentIpDatabase implements IpLookup {
  private constructor(
    private readonly paths: IpDatabasePaths,
    private database: IpDatabase,
    private version: string,
  ) {}

  static async open(paths: IpDatabasePaths): Promise<CurrentIpDatabase> {
    const version = await modifiedTimes(paths);
    return new CurrentIpDatabase(paths, await IpDatabase.open(paths), version);
  }

  get info(): readonly IpDatabaseInfo[] {
    return this.database.info;
  }

  lookup(address: string, version: 4 | 6): IpLocation | null {
    return this.database.lookup(address, version);
  }

  /** Loads the files again when they changed since the last load; true when it did. */
  async reloadIfChanged(): Promise<boolean> {
    const version = await modifiedTimes(this.paths);
    if (version === this.version) return false;
    this.database = await IpDatabase.open(this.paths);
    this.version = version;
    return true;
  }
}
