// The figures of a rate sweep, kept apart from the I/O so that they can be unit-tested.
// A rate is "exact" when it is within 0.0001 pp (1e-6) of the table's: the tables print
// six decimals, so anything closer is the same published figure.

const EXACT = 1e-6;
const WITHIN = 0.005; // 0.5 percentage points
const OVER = 0.02; // 2 percentage points

/** One table row against Levy's answer; `record` is geo-resolver's ZIP record when it has one. */
export function compareRow(row, record, result) {
  const base = {
    state: row.state,
    zip: row.zip,
    region: row.region,
    tableRate: row.tableRate,
    population: record?.population ?? 0,
    city: record?.city,
    county: record?.county,
  };
  if (result.status !== 200) return { ...base, refused: true, code: result.code, levyRate: 0, diff: -row.tableRate };
  return {
    ...base,
    refused: false,
    levyRate: result.rate,
    coverage: result.coverage,
    diff: result.rate - row.tableRate,
  };
}

function figures(state, entries) {
  const share = (count) => (entries.length === 0 ? null : count / entries.length);
  const population = entries.reduce((sum, entry) => sum + entry.population, 0);
  const popShare = (test) =>
    population === 0 ? null : entries.filter(test).reduce((sum, entry) => sum + entry.population, 0) / population;
  const expectedTax = entries.reduce((sum, entry) => sum + entry.population * entry.tableRate, 0);
  const collectedTax = entries.reduce((sum, entry) => sum + entry.population * entry.levyRate, 0);
  const exact = (entry) => !entry.refused && Math.abs(entry.diff) <= EXACT;
  const within = (entry) => !entry.refused && Math.abs(entry.diff) <= WITHIN;
  return {
    state,
    rows: entries.length,
    exact: share(entries.filter(exact).length),
    within: share(entries.filter(within).length),
    over2: share(entries.filter((entry) => !entry.refused && Math.abs(entry.diff) > OVER).length),
    refused: entries.filter((entry) => entry.refused).length,
    popExact: popShare(exact),
    popWithin: popShare(within),
    taxCollected: expectedTax === 0 ? null : collectedTax / expectedTax,
    popFullWrong: popShare((entry) => !entry.refused && entry.coverage === "FULL" && Math.abs(entry.diff) > WITHIN),
  };
}

/** Per-state figures (sorted by state) and the total over every row. */
export function summarise(compared) {
  const byState = new Map();
  for (const entry of compared) {
    if (!byState.has(entry.state)) byState.set(entry.state, []);
    byState.get(entry.state).push(entry);
  }
  const states = [...byState.keys()].sort().map((state) => figures(state, byState.get(state)));
  return { states, total: figures("all", compared) };
}
