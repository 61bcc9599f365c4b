// The customer addresses of the calculation load: US ZIPs sampled evenly from the ZIP data
// geo-resolver ships (SimpleMaps, read with geo-resolver's own loader, so every ZIP is one
// the resolver knows) and generated international addresses in the countries the rate
// data covers. Deterministic, so every run sends the same mix and no cache sees one key.

/** Countries with rate data (calc-engine's intl files) and a postal code shape and currency each. */
const international = [
  ["DE", "EUR", (n) => digits(n, 5, 10000)],
  ["FR", "EUR", (n) => digits(n, 5, 10000)],
  ["IT", "EUR", (n) => digits(n, 5, 10000)],
  ["NL", "EUR", (n) => `${digits(n, 4, 1000)} AB`],
  ["AT", "EUR", (n) => digits(n, 4, 1000)],
  ["IE", "EUR", (n) => `D${digits(n % 24, 2, 1)} X${digits(n, 3, 100)}`],
  ["SE", "SEK", (n) => digits(n, 5, 10000)],
  ["PL", "PLN", (n) => `${digits(n % 100, 2, 0)}-${digits(n, 3, 0)}`],
  ["GB", "GBP", (n) => `SW${(n % 20) + 1} ${n % 10}AA`],
  ["NO", "NOK", (n) => digits(n, 4, 1000)],
  ["CH", "CHF", (n) => digits(n, 4, 1000)],
  ["AU", "AUD", (n) => digits(n, 4, 2000)],
  ["NZ", "NZD", (n) => digits(n, 4, 1000)],
  ["JP", "JPY", (n) => `${digits(n, 3, 100)}-${digits(n * 7, 4, 0)}`],
  ["SG", "SGD", (n) => digits(n, 6, 100000)],
  ["CA", "CAD", (n) => canadianPostalCode(n)],
];

/** `n` as a `width`-digit number at or above `floor` (wrapping inside the width). */
function digits(n, width, floor) {
  const span = 10 ** width - floor;
  return String(floor + ((n * 7919) % span)).padStart(width, "0");
}

// First letters of Canadian postal codes (each decides a province) and the letters allowed elsewhere.
const caFirst = "ABCEGHJKLMNPRSTVY";
const caLetters = "ABCEGHJKLMNPRSTVWXYZ";
function canadianPostalCode(n) {
  const letter = (k) => caLetters[(n * 31 + k * 7) % caLetters.length];
  return `${caFirst[n % caFirst.length]}${n % 10}${letter(1)} ${(n * 3) % 10}${letter(2)}${(n * 7) % 10}`;
}

/** `count` records spread evenly over `records` (every k-th), keeping their order. */
export function sampleEvenly(records, count) {
  if (records.length <= count) return [...records];
  const step = records.length / count;
  return Array.from({ length: count }, (_, index) => records[Math.floor(index * step)]);
}

/** A US customer address (with its currency) from one ZIP record of geo-resolver's data. */
export function usAddress(record) {
  return {
    currency: "USD",
    address: {
      address_line_1: `${100 + (record.zip % 900)} Main St`,
      address_city: record.city,
      address_province: record.state,
      address_postal_code: String(record.zip).padStart(5, "0"),
      address_country: "US",
    },
  };
}

/** `count` generated addresses outside the US, cycling through the countries above. */
export function internationalAddresses(count) {
  return Array.from({ length: count }, (_, index) => {
    const [country, currency, postalCode] = international[index % international.length];
    const n = Math.floor(index / international.length) + 1;
    return {
      currency,
      address: {
        address_line_1: `${n} High Street`,
        address_city: `Town ${n}`,
        address_postal_code: postalCode(n),
        address_country: country,
      },
    };
  });
}

/** The US ZIP records geo-resolver loads at start-up (needs `npm run build`). */
export async function loadUsZipRecords() {
  const loader = await import("../services/geo-resolver/dist/loading/simplemaps-zips.js");
  const records = [];
  await loader.loadPackagedSimplemaps(loader.packagedSimplemapsPath(), (record) => {
    // Territories resolve as their own countries; keep the 50 states and DC here.
    if (record.city && !["PR", "VI", "GU", "AS", "MP"].includes(record.state)) records.push(record);
  });
  return records;
}

/** The load's address mix: `usCount` US ZIPs and `internationalCount` addresses elsewhere, interleaved. */
export async function customerAddresses({ usCount = 1_200, internationalCount = 400 } = {}) {
  const us = sampleEvenly(await loadUsZipRecords(), usCount).map(usAddress);
  const abroad = internationalAddresses(internationalCount);
  const mixed = [];
  for (let index = 0; index < Math.max(us.length, abroad.length); index += 1) {
    if (index < us.length) mixed.push(us[index]);
    // About one in four abroad, spread through the list.
    if (index % 3 === 0 && abroad.length > 0) mixed.push(abroad[(index / 3) % abroad.length]);
  }
  return mixed;
}
