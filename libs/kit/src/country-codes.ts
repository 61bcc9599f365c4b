// The one list of country codes Levy accepts in an address (ISO 3166-1 alpha-2), and the
// hint for the usual mistakes ("UK" for GB, "EL" for GR as Greek VAT numbers spell it).
// Intl.DisplayNames is not the list: it also names retired and reserved codes (UK, SU,
// YU, DD), which would place a customer nowhere and tax them at zero.

/** The 249 officially assigned ISO 3166-1 alpha-2 codes (ISO 3166 Maintenance Agency). */
const assigned =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW";

/**
 * Accepted beyond the assigned list: IC (Canary Islands) and EA (Ceuta and Melilla),
 * exceptionally reserved codes that name special VAT territories geo-resolver places;
 * XK, the user-assigned code the EU and most carriers use for Kosovo.
 */
const alsoAccepted = "IC EA XK";

const accepted: ReadonlySet<string> = new Set(`${assigned} ${alsoAccepted}`.split(" "));

/** Codes people send for a country whose ISO code is another: reserved, retired, or a VAT prefix. */
const meant: Readonly<Record<string, string>> = {
  UK: "GB", // exceptionally reserved for the United Kingdom; ISO's code is GB
  EL: "GR", // Greece's prefix in EU VAT numbers
  AC: "SH", // Ascension Island
  TA: "SH", // Tristan da Cunha
  DG: "IO", // Diego Garcia
  CQ: "GG", // Sark
  FX: "FR", // metropolitan France
  DD: "DE",
  SU: "RU",
  YU: "RS",
  CS: "RS",
  ZR: "CD",
  TP: "TL",
  BU: "MM",
  DY: "BJ",
  HV: "BF",
  NH: "VU",
  RH: "ZW",
  VD: "VN",
  YD: "YE",
};

/** Whether an (upper-case) code is a country Levy accepts in an address. */
export function isCountryCode(code: string): boolean {
  return accepted.has(code);
}

/** The code the sender probably meant, for a code Levy does not accept. */
export function suggestedCountryCode(code: string): string | undefined {
  return meant[code.trim().toUpperCase()];
}

/** Why `code` is not an accepted country code (a sentence naming it, with a hint), or null when it is. */
export function countryCodeProblem(code: string): string | null {
  const upper = code.trim().toUpperCase();
  if (isCountryCode(upper)) return null;
  const shown = JSON.stringify(code.trim().slice(0, 10));
  const suggestion = suggestedCountryCode(upper);
  if (suggestion) return `${shown} is not an ISO 3166-1 alpha-2 country code; did you mean "${suggestion}"?`;
  return `${shown} is not an ISO 3166-1 alpha-2 country code (two letters, e.g. "US", "DE", "GB")`;
}
