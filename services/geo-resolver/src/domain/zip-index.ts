// US ZIPs in compact in-memory form: a direct table from the 5-digit ZIP to a slot, and
// typed arrays per slot (state, population, county, city, alternative city), plus every
// county of the ZIPs that lie in several. The jurisdiction lists of a ZIP's default
// place are built once, on first use, and shared afterwards.
import { usRegions, type UsRegion } from "../data/us-states.js";
import type { UsZipCounty, UsZipRecord } from "../loading/us-zip-record.js";
import {
  cityJurisdiction,
  countryJurisdiction,
  countyJurisdiction,
  usStateJurisdiction,
  usTerritoryJurisdiction,
  type Jurisdiction,
} from "./jurisdiction.js";
import { jurisdictionSlug } from "./jurisdiction-slug.js";

const NONE = 0xffffffff;
export const unitedStates = countryJurisdiction("US", "United States");
const regionOfFips = new Map(usRegions.map((region) => [region.fips, region]));
const stateJurisdictions = new Map(
  usRegions.map((region) => [
    region.code,
    region.territory ? usTerritoryJurisdiction(region) : usStateJurisdiction(region),
  ]),
);

/** One of the counties a ZIP lies in. */
export interface ZipCounty {
  readonly county: Jurisdiction;
  /** 5-digit FIPS code. */
  readonly fips: number;
  /** USPS code of the county's state (a ZIP may cross a state line). */
  readonly state: string;
}

/** Great-circle distance (haversine); NaN when a coordinate is unknown. */
function kilometresBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Country, state (or the territory as country), county and city, in that order. */
export function usPlaceJurisdictions(
  region: UsRegion,
  county: Jurisdiction | undefined,
  city: Jurisdiction | undefined,
): readonly Jurisdiction[] {
  const state = stateJurisdictions.get(region.code)!;
  const list: Jurisdiction[] = region.territory ? [state] : [unitedStates, state];
  if (county) list.push(county);
  if (city) list.push(city);
  return Object.freeze(list);
}

export class ZipIndexBuilder {
  private readonly slotOfZip = new Int32Array(100_000).fill(-1);
  private readonly zips: number[] = [];
  private readonly states: number[] = [];
  private readonly populations: number[] = [];
  private readonly counties: number[] = [];
  private readonly cities: number[] = [];
  private readonly altCities: number[] = [];
  private readonly densities: number[] = [];
  private readonly latitudes: number[] = [];
  private readonly longitudes: number[] = [];
  private readonly countyTable: Jurisdiction[] = [];
  private readonly countyFips: number[] = [];
  private readonly countyLists = new Map<number, readonly number[]>();
  private readonly countyKeys = new Map<string, number>();
  private readonly cityTable: Jurisdiction[] = [];
  private readonly citySlugs: string[] = [];
  private readonly cityKeys = new Map<string, number>();
  private readonly regionIndex = new Map(usRegions.map((region, index) => [region.code, index]));
  /** County names of the primary (ZCTA) data by FIPS, for the supplement's new ZIPs. */
  private readonly primaryCountyOfFips = new Map<number, string>();

  /** A primary record: defines the ZIP (a repeated ZIP keeps its first definition). */
  addPrimary(record: UsZipRecord): void {
    for (const { name, fips } of [{ name: record.county, fips: record.countyFips }, ...(record.counties ?? [])]) {
      if (name !== "" && fips > 0 && !this.primaryCountyOfFips.has(fips)) this.primaryCountyOfFips.set(fips, name);
    }
    this.define(record);
  }

  private define(record: UsZipRecord): void {
    const stateIndex = this.regionIndex.get(record.state);
    if (stateIndex === undefined || this.slotOfZip[record.zip] !== -1) return;
    const region = usRegions[stateIndex]!;
    this.slotOfZip[record.zip] = this.zips.length;
    this.zips.push(record.zip);
    this.states.push(stateIndex);
    this.populations.push(record.population);
    this.counties.push(record.county === "" ? NONE : this.county(region, record.county, record.countyFips));
    if (record.counties) this.addCountyList(this.zips.length - 1, record.counties);
    this.cities.push(record.city === "" ? NONE : this.city(region, record.city));
    this.altCities.push(NONE);
    this.densities.push(record.density ?? Number.NaN);
    this.latitudes.push(record.latitude ?? Number.NaN);
    this.longitudes.push(record.longitude ?? Number.NaN);
  }

  /** A supplementary record: a new ZIP, or another place name for a known one in the same state. */
  addSupplement(record: UsZipRecord): void {
    const slot = this.slotOfZip[record.zip]!;
    if (slot === -1) {
      // The county as the primary data names it (one county, one id): the supplement spells
      // some differently ("Carson City (city)", "City and County of San Francisco").
      const known = this.primaryCountyOfFips.get(record.countyFips);
      this.define({ ...record, population: 0, ...(known ? { county: known } : {}) });
      return;
    }
    const region = usRegions[this.states[slot]!]!;
    if (region.code !== record.state || record.city === "" || this.altCities[slot] !== NONE) return;
    const city = this.city(region, record.city);
    if (city !== this.cities[slot]) this.altCities[slot] = city;
  }

  build(): ZipIndex {
    return new ZipIndex({
      slotOfZip: this.slotOfZip,
      zips: Uint32Array.from(this.zips),
      states: Uint8Array.from(this.states),
      populations: Uint32Array.from(this.populations),
      counties: Uint32Array.from(this.counties),
      cities: Uint32Array.from(this.cities),
      altCities: Uint32Array.from(this.altCities),
      densities: Float32Array.from(this.densities),
      latitudes: Float32Array.from(this.latitudes),
      longitudes: Float32Array.from(this.longitudes),
      countyTable: this.countyTable,
      countyFips: this.countyFips,
      countyLists: this.countyLists,
      cityTable: this.cityTable,
      citySlugs: this.citySlugs,
    });
  }

  /** The counties of a ZIP in several; a county of an unknown state or without FIPS is left out. */
  private addCountyList(slot: number, counties: readonly UsZipCounty[]): void {
    const list: number[] = [];
    for (const { name, fips } of counties) {
      const region = regionOfFips.get(Math.floor(fips / 1000));
      if (region && fips % 1000 > 0 && name !== "") list.push(this.county(region, name, fips));
    }
    if (list.length > 1) this.countyLists.set(slot, list);
  }

  private county(region: UsRegion, name: string, fips: number): number {
    const key = `${region.code}|${jurisdictionSlug(name, "COUNTY")}|${fips}`;
    let index = this.countyKeys.get(key);
    if (index === undefined) {
      index = this.countyTable.push(countyJurisdiction(region, name, fips)) - 1;
      this.countyFips.push(fips);
      this.countyKeys.set(key, index);
    }
    return index;
  }

  private city(region: UsRegion, name: string): number {
    const slug = jurisdictionSlug(name);
    const key = `${region.code}|${slug}`;
    let index = this.cityKeys.get(key);
    if (index === undefined) {
      index = this.cityTable.push(cityJurisdiction(region, name)) - 1;
      this.citySlugs.push(slug);
      this.cityKeys.set(key, index);
    }
    return index;
  }
}

interface ZipTables {
  readonly slotOfZip: Int32Array;
  readonly zips: Uint32Array;
  readonly states: Uint8Array;
  readonly populations: Uint32Array;
  readonly counties: Uint32Array;
  readonly cities: Uint32Array;
  readonly altCities: Uint32Array;
  /** Residents per km², NaN when unknown. */
  readonly densities: Float32Array;
  /** Centre of each ZIP in degrees, NaN when unknown. */
  readonly latitudes: Float32Array;
  readonly longitudes: Float32Array;
  readonly countyTable: readonly Jurisdiction[];
  readonly countyFips: readonly number[];
  /** Slot to its counties (indexes into countyTable), for ZIPs in more than one. */
  readonly countyLists: ReadonlyMap<number, readonly number[]>;
  readonly cityTable: readonly Jurisdiction[];
  readonly citySlugs: readonly string[];
}

/** Which of a ZIP's places an address city matched. */
export type CityMatch = "none" | "primary" | "alternate";

export class ZipIndex {
  private readonly cache: (readonly Jurisdiction[] | undefined)[];
  private readonly mostPopulous = new Map<string, number>();
  private readonly prefixStates: (readonly string[])[] = Array.from({ length: 1000 }, () => []);

  constructor(private readonly t: ZipTables) {
    this.cache = new Array(t.zips.length * 2);
    const best = new Map<number, number>();
    const prefixes: Set<string>[] = Array.from({ length: 1000 }, () => new Set());
    for (let slot = 0; slot < t.zips.length; slot++) {
      const state = t.states[slot]!;
      const current = best.get(state);
      if (current === undefined || t.populations[slot]! > t.populations[current]!) best.set(state, slot);
      prefixes[Math.floor(t.zips[slot]! / 100)]!.add(usRegions[state]!.code);
    }
    for (const [state, slot] of best) this.mostPopulous.set(usRegions[state]!.code, slot);
    prefixes.forEach((set, prefix) => {
      this.prefixStates[prefix] = [...set];
    });
  }

  get size(): number {
    return this.t.zips.length;
  }

  /** Slot of a 5-digit ZIP string (the first five characters of ZIP or ZIP+4), or -1. */
  slotOf(zip: string): number {
    let n = 0;
    for (let i = 0; i < 5; i++) {
      const digit = zip.charCodeAt(i) - 48;
      if (!(digit >= 0 && digit <= 9)) return -1;
      n = n * 10 + digit;
    }
    return this.t.slotOfZip[n]!;
  }

  /** The ZIP as a number (2110 for "02110"). */
  zipNumber(slot: number): number {
    return this.t.zips[slot]!;
  }

  zip(slot: number): string {
    return String(this.t.zips[slot]).padStart(5, "0");
  }

  region(slot: number): UsRegion {
    return usRegions[this.t.states[slot]!]!;
  }

  population(slot: number): number {
    return this.t.populations[slot]!;
  }

  countyFips(slot: number): number {
    const county = this.t.counties[slot]!;
    const source = county === NONE ? "" : this.t.countyTable[county]!.source;
    return source === "" ? 0 : Number(source.slice(-5));
  }

  cityName(slot: number, match: CityMatch = "primary"): string {
    const city = match === "alternate" ? this.t.altCities[slot]! : this.t.cities[slot]!;
    return city === NONE ? "" : this.t.cityTable[city]!.name;
  }

  /** The ZIP's postal city (or its alternative name) as a jurisdiction; undefined when it has none. */
  cityJurisdiction(slot: number, match: CityMatch = "primary"): Jurisdiction | undefined {
    const city = match === "alternate" ? this.t.altCities[slot]! : this.t.cities[slot]!;
    return city === NONE ? undefined : this.t.cityTable[city];
  }

  hasAlternateCity(slot: number): boolean {
    return this.t.altCities[slot] !== NONE;
  }

  /** Compares a city slug ("ST_LOUIS") with the ZIP's places. */
  matchCity(slot: number, citySlug: string): CityMatch {
    const primary = this.t.cities[slot]!;
    if (primary !== NONE && this.t.citySlugs[primary] === citySlug) return "primary";
    const alternate = this.t.altCities[slot]!;
    if (alternate !== NONE && this.t.citySlugs[alternate] === citySlug) return "alternate";
    return "none";
  }

  /** Country, state (or the territory as country), county and city of the ZIP, in that order. */
  jurisdictions(slot: number, match: CityMatch = "primary"): readonly Jurisdiction[] {
    const key = slot * 2 + (match === "alternate" ? 1 : 0);
    const cached = this.cache[key];
    if (cached) return cached;
    const county = this.t.counties[slot]!;
    const city = match === "alternate" ? this.t.altCities[slot]! : this.t.cities[slot]!;
    const list = usPlaceJurisdictions(
      this.region(slot),
      county === NONE ? undefined : this.t.countyTable[county],
      city === NONE ? undefined : this.t.cityTable[city],
    );
    this.cache[key] = list;
    return list;
  }

  /** Every county the ZIP lies in, largest share first (the ZIP's own county first). */
  counties(slot: number): readonly ZipCounty[] {
    const own = this.t.counties[slot]!;
    const indexes = this.t.countyLists.get(slot) ?? (own === NONE ? [] : [own]);
    return indexes.map((index) => {
      const fips = this.t.countyFips[index]!;
      return { county: this.t.countyTable[index]!, fips, state: regionOfFips.get(Math.floor(fips / 1000))?.code ?? "" };
    });
  }

  /** Residents per km² (NaN when unknown). */
  density(slot: number): number {
    return this.t.densities[slot]!;
  }

  /**
   * Kilometres from the ZIP's centre to the nearest centre of a ZIP of `state` (Infinity
   * when unknown). A scan of every ZIP: only for the rare ZIP given with another state.
   */
  kilometresToState(slot: number, state: string): number {
    const lat = this.t.latitudes[slot]!;
    const lng = this.t.longitudes[slot]!;
    let best = Number.POSITIVE_INFINITY;
    if (Number.isNaN(lat) || Number.isNaN(lng)) return best;
    for (let other = 0; other < this.t.zips.length; other++) {
      if (usRegions[this.t.states[other]!]!.code !== state) continue;
      const distance = kilometresBetween(lat, lng, this.t.latitudes[other]!, this.t.longitudes[other]!);
      if (distance < best) best = distance;
    }
    return best;
  }

  /** The ZIP with the most residents in a state (heuristic for IP approximation). */
  mostPopulousSlot(state: string): number {
    return this.mostPopulous.get(state) ?? -1;
  }

  /** States whose ZIPs share the 3-digit prefix of this ZIP (empty when the prefix is unknown). */
  statesOfPrefix(zip: string): readonly string[] {
    const prefix = Number(zip.slice(0, 3));
    return Number.isInteger(prefix) && prefix >= 0 && prefix < 1000 ? this.prefixStates[prefix]! : [];
  }
}
