// One 5-digit ZIP as the loaders hand it to the index.

export interface UsZipRecord {
  /** The ZIP as a number, 0-99999 (leading zeros come back when formatted). */
  readonly zip: number;
  readonly city: string;
  /** USPS state or territory code. */
  readonly state: string;
  /** County (or county equivalent) name as the source spells it; "" when unknown. */
  readonly county: string;
  /** 5-digit county FIPS code, 0 when unknown. */
  readonly countyFips: number;
  /** Residents (Census ZCTA population); 0 when unknown. */
  readonly population: number;
  /**
   * Every county the ZIP lies in, largest share first (the first is `county`); may be
   * in another state. Absent when the source names only one.
   */
  readonly counties?: readonly UsZipCounty[];
  /** Residents per km² (Census ZCTA); absent when unknown. */
  readonly density?: number;
  /** The ZIP's centre (degrees); absent when the source has none. */
  readonly latitude?: number;
  readonly longitude?: number;
}

export interface UsZipCounty {
  readonly name: string;
  /** 5-digit county FIPS code; its first two digits are the state's. */
  readonly fips: number;
}

/** "08059|08031" and "Jefferson|Denver" as counties; undefined unless both list the same number (two or more). */
export function zipCounties(fipsList: string, nameList: string): UsZipCounty[] | undefined {
  const fips = fipsList.split("|");
  const names = nameList.split("|");
  if (fips.length < 2 || fips.length !== names.length) return undefined;
  return fips.map((code, i) => ({ name: names[i]!, fips: Number(code) || 0 }));
}

export type ZipSink = (record: UsZipRecord) => void;

/** "02110" → 2110, or -1 for anything that is not exactly five digits. */
export function zipNumber(value: string): number {
  if (value.length !== 5) return -1;
  let n = 0;
  for (let i = 0; i < 5; i++) {
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}
