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
