// Why a sweep's rows miss: each row the postal-city run gets wrong, sorted by what the
// table's region names and by how the same row fares when the address names that region
// (`--city region`). Kept apart from the I/O so that it can be unit-tested; the kinds are
// explained in docs/accuracy-notes-r4d.md.

const EXACT = 1e-6;

/** The kinds, in the order they are tried. */
export const missKinds = [
  { key: "refused", label: "refused" },
  { key: "district", label: "special district, tribal or transit area named by the table" },
  { key: "samePlace", label: "the same place as Levy's, another rate" },
  { key: "otherCounty", label: "another county of the ZIP's state (ZIP across a county line)" },
  { key: "otherCity", label: "another municipality of the ZIP (exact when the address names it)" },
  { key: "unplaced", label: "another place Levy cannot place in the ZIP or has no rate for" },
];

// Region names of districts in the tables: "DEKALB CO TSPLOST SP", "PIERCE-PTBA",
// "RENO SPARKS INDIAN COLONY", "AUBURN/PIERCE SPECIAL TAX DIST", "ORANGE CO TR".
const districtName =
  /INDIAN|RESERVATION|COLONY|TSPLOST|PTBA|\bTR\b|\bSP\b|\bCP\b|\bSD\b|DISTRICT|DIST\b|SPECIAL|TAX|BENEFIT|AUTHORITY|\//;

/** A place name compared across sources: no county suffix, "Saint"/"St." alike, letters only. */
function nameKey(name) {
  return (name ?? "")
    .toUpperCase()
    .replace(/ (COUNTY|PARISH)$/, "")
    .replace(/\bSAINT\b/g, "ST")
    .replace(/\bST\./g, "ST")
    .replace(/[^A-Z]/g, "");
}

const exact = (entry) => entry !== undefined && !entry.refused && Math.abs(entry.diff) <= EXACT;

/**
 * The kind of each row of `compared` (the postal-city run) that is not exact, keyed by
 * "ST:ZIP"; `byRegion` is the same rows compared with the region as the address's city.
 */
export function classifyMisses(compared, byRegion) {
  const regionRuns = new Map(byRegion.map((entry) => [`${entry.state}:${entry.zip}`, entry]));
  const countiesOf = new Map();
  for (const entry of compared) {
    if (!entry.county) continue;
    if (!countiesOf.has(entry.state)) countiesOf.set(entry.state, new Set());
    countiesOf.get(entry.state).add(nameKey(entry.county));
  }
  const kinds = new Map();
  for (const entry of compared) {
    if (exact(entry)) continue;
    const region = nameKey(entry.region);
    let kind;
    if (entry.refused) kind = "refused";
    else if (districtName.test(entry.region)) kind = "district";
    else if (region === nameKey(entry.city) || region === nameKey(entry.county)) kind = "samePlace";
    else if (countiesOf.get(entry.state)?.has(region)) kind = "otherCounty";
    else if (exact(regionRuns.get(`${entry.state}:${entry.zip}`))) kind = "otherCity";
    else kind = "unplaced";
    kinds.set(`${entry.state}:${entry.zip}`, kind);
  }
  return kinds;
}

/** Per state (and "all"): rows and population share of each kind. */
export function missKindShares(compared, kinds) {
  const totals = new Map();
  const add = (state, kind, population) => {
    if (!totals.has(state)) totals.set(state, { population: 0, kinds: {} });
    const total = totals.get(state);
    if (kind === undefined) {
      total.population += population;
      return;
    }
    total.kinds[kind] ??= { rows: 0, population: 0 };
    total.kinds[kind].rows++;
    total.kinds[kind].population += population;
  };
  for (const entry of compared) {
    const kind = kinds.get(`${entry.state}:${entry.zip}`);
    for (const state of [entry.state, "all"]) {
      add(state, undefined, entry.population);
      if (kind) add(state, kind, entry.population);
    }
  }
  const states = [...totals.keys()].filter((state) => state !== "all").sort();
  return [...states, "all"].map((state) => {
    const { population, kinds: byKind } = totals.get(state);
    const shares = {};
    for (const { key } of missKinds) {
      const found = byKind[key];
      shares[key] = {
        rows: found?.rows ?? 0,
        popShare: population === 0 ? null : (found?.population ?? 0) / population,
      };
    }
    return { state, shares };
  });
}
