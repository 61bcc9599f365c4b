// The slug rule shared with calc-engine's rate data: the part of a jurisdiction id
// made from a place name, e.g. US-PA-COUNTY-PHILADELPHIA or US-MO-CITY-ST_LOUIS.

// Longest first, so "City and Borough" wins over "Borough".
const countySuffixes = [" CITY AND BOROUGH", " CENSUS AREA", " MUNICIPALITY", " BOROUGH", " COUNTY", " PARISH"];

/**
 * Upper-case, diacritics removed, county suffixes dropped (counties only), "SAINT"/"ST."
 * as "ST", every run of other characters as "_", no leading or trailing "_".
 */
export function jurisdictionSlug(name: string, type?: string): string {
  let value = name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toUpperCase()
    .trim();
  if (type === "COUNTY") {
    for (const suffix of countySuffixes) {
      if (value.endsWith(suffix) && value.length > suffix.length) {
        value = value.slice(0, -suffix.length);
        break;
      }
    }
  }
  return value
    .replace(/\bSAINT\b/g, "ST")
    .replace(/\bST\./g, "ST ")
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}
