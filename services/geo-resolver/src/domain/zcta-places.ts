// Which incorporated places (cities, towns, villages, boroughs: those that can levy a sales
// tax) each ZIP's Census ZCTA lies in, with their share of its land area (data/
// zcta-places-2020.tsv, from the Census Bureau's 2020 ZCTA to Place Relationship File).
// A postal city is the post office's name: East Los Angeles addresses say "Los Angeles",
// yet their ZIPs never enter the city. This tells a municipality the ZIP reaches from one
// it does not, and which place (or none: unincorporated) covers the ZIP when the named
// one is not there.
import { lookupKey } from "./place-index.js";

export interface PlaceShare {
  /** The place's name as the Census gives it, without "city"/"town"/...: "Commerce". */
  readonly name: string;
  /** Share of the ZIP's land area in the place, 0-1. */
  readonly share: number;
}

export class ZctaPlaces {
  /** ZIP → its lines "ST\tname=bp;name=bp" joined by "\n" ("" for a ZCTA in no incorporated place). */
  private readonly lines = new Map<number, string>();
  /** lookupKey of every incorporated place that lies in some ZCTA. */
  private readonly placeKeys = new Set<string>();

  /** One data line: "90022\tCA\tCommerce=1245;Monterey Park=77", or "37201\t\t". */
  add(line: string): void {
    const tab = line.indexOf("\t");
    const zip = Number(line.slice(0, tab));
    if (tab !== 5 || !Number.isInteger(zip)) throw new Error(`bad ZCTA places line ${JSON.stringify(line)}`);
    const rest = line.slice(tab + 1);
    const known = this.lines.get(zip);
    this.lines.set(zip, known === undefined ? rest : `${known}\n${rest}`);
    const state = rest.slice(0, 2);
    for (let at = 3; at < rest.length; ) {
      const equals = rest.indexOf("=", at);
      if (equals === -1) break;
      this.placeKeys.add(lookupKey(state, rest.slice(at, equals)));
      const next = rest.indexOf(";", equals);
      at = next === -1 ? rest.length : next + 1;
    }
  }

  get size(): number {
    return this.lines.size;
  }

  /**
   * Whether `city` names a municipality of the state none of whose land lies in the ZIP's
   * ZCTA. False for a name that is no municipality (a census-designated place, a
   * neighbourhood) and for a ZIP that is no ZCTA.
   */
  outside(zip: number, state: string, city: string): boolean {
    if (city === "") return false;
    const key = lookupKey(state, city);
    if (!this.placeKeys.has(key)) return false;
    const shares = this.sharesOf(zip, state);
    return shares !== undefined && !shares.some((place) => lookupKey(state, place.name) === key);
  }

  /** Whether `city` names an incorporated place of the state (one that lies in some ZCTA). */
  isMunicipality(state: string, city: string): boolean {
    return this.placeKeys.has(lookupKey(state, city));
  }

  /**
   * The incorporated places of the state that the ZIP lies in, largest share first;
   * undefined when the ZIP is no Census ZCTA (PO boxes, single-building ZIPs).
   */
  sharesOf(zip: number, state: string): readonly PlaceShare[] | undefined {
    const lines = this.lines.get(zip);
    if (lines === undefined) return undefined;
    const line = lines.split("\n").find((candidate) => candidate.startsWith(`${state}\t`));
    return line ? parse(line) : [];
  }
}

/** The places of one line after its ZIP: "ST\tname=bp;name=bp". */
function parse(rest: string): PlaceShare[] {
  const list = rest.slice(rest.indexOf("\t") + 1);
  if (list === "") return [];
  return list.split(";").map((entry) => {
    const equals = entry.lastIndexOf("=");
    return { name: entry.slice(0, equals), share: Number(entry.slice(equals + 1)) / 10_000 };
  });
}
