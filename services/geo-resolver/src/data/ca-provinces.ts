// Canada's provinces and territories, the authority that administers the provincial
// part of the sales tax (the CRA where the province has HST or no provincial tax), and
// the first letter of the postal code of each.

export interface CaProvince {
  readonly code: string;
  readonly name: string;
  readonly authority: string;
}

export const caProvinces: readonly CaProvince[] = [
  { code: "AB", name: "Alberta", authority: "Canada Revenue Agency" },
  { code: "BC", name: "British Columbia", authority: "British Columbia Ministry of Finance" },
  { code: "MB", name: "Manitoba", authority: "Manitoba Finance" },
  { code: "NB", name: "New Brunswick", authority: "Canada Revenue Agency" },
  { code: "NL", name: "Newfoundland and Labrador", authority: "Canada Revenue Agency" },
  { code: "NS", name: "Nova Scotia", authority: "Canada Revenue Agency" },
  { code: "NT", name: "Northwest Territories", authority: "Canada Revenue Agency" },
  { code: "NU", name: "Nunavut", authority: "Canada Revenue Agency" },
  { code: "ON", name: "Ontario", authority: "Canada Revenue Agency" },
  { code: "PE", name: "Prince Edward Island", authority: "Canada Revenue Agency" },
  { code: "QC", name: "Quebec", authority: "Revenu Québec" },
  { code: "SK", name: "Saskatchewan", authority: "Saskatchewan Ministry of Finance" },
  { code: "YT", name: "Yukon", authority: "Canada Revenue Agency" },
];

/** Canada Post's first letters (forward sortation areas). X is split between NT and NU. */
const provinceOfLetter: Readonly<Record<string, string>> = {
  A: "NL",
  B: "NS",
  C: "PE",
  E: "NB",
  G: "QC",
  H: "QC",
  J: "QC",
  K: "ON",
  L: "ON",
  M: "ON",
  N: "ON",
  P: "ON",
  R: "MB",
  S: "SK",
  T: "AB",
  V: "BC",
  X: "NT",
  Y: "YT",
};

/** Nunavut's forward sortation areas; the rest of X is the Northwest Territories. */
const nunavutAreas = new Set(["X0A", "X0B", "X0C"]);

/** The province of a postal code or forward sortation area ("K1A 0B1", "K1A"), or undefined. */
export function provinceOfPostalCode(postal: string): string | undefined {
  const letter = postal.charAt(0);
  if (letter === "X") return nunavutAreas.has(postal.slice(0, 3)) ? "NU" : "NT";
  return provinceOfLetter[letter];
}

/** Provinces a postal code is compatible with (X codes are shared by NT and NU in practice). */
export function postalCodeFitsProvince(postal: string, province: string): boolean {
  if (postal.charAt(0) === "X") return province === "NT" || province === "NU";
  return provinceOfLetter[postal.charAt(0)] === province;
}

const byCode = new Map(caProvinces.map((province) => [province.code, province]));
const byName = new Map<string, CaProvince>();
for (const province of caProvinces) byName.set(province.name.toUpperCase(), province);
byName.set("QUÉBEC", byCode.get("QC")!);
byName.set("PQ", byCode.get("QC")!);
byName.set("YUKON TERRITORY", byCode.get("YT")!);
byName.set("NEWFOUNDLAND", byCode.get("NL")!);

export function caProvince(code: string): CaProvince | undefined {
  return byCode.get(code);
}

/** A two-letter code or an English/French name to the province. */
export function caProvinceFrom(value: string): CaProvince | undefined {
  return byCode.get(value.toUpperCase()) ?? byName.get(value.toUpperCase());
}
