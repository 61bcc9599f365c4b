// The 50 states, DC and the five inhabited territories with their FIPS codes and the
// authority that administers sales and use tax (or its local equivalent).

export interface UsRegion {
  /** USPS code, e.g. "MI". */
  readonly code: string;
  readonly name: string;
  /** State FIPS code (county FIPS = state FIPS × 1000 + county code). */
  readonly fips: number;
  readonly authority: string;
  /** Territories are outside the US state sales-tax system and resolve as their own country. */
  readonly territory: boolean;
}

const state = (code: string, name: string, fips: number, authority: string): UsRegion => ({
  code,
  name,
  fips,
  authority,
  territory: false,
});
const territory = (code: string, name: string, fips: number, authority: string): UsRegion => ({
  code,
  name,
  fips,
  authority,
  territory: true,
});

export const usRegions: readonly UsRegion[] = [
  state("AL", "Alabama", 1, "Alabama Department of Revenue"),
  state("AK", "Alaska", 2, "Alaska Department of Revenue"),
  state("AZ", "Arizona", 4, "Arizona Department of Revenue"),
  state("AR", "Arkansas", 5, "Arkansas Department of Finance and Administration"),
  state("CA", "California", 6, "California Department of Tax and Fee Administration"),
  state("CO", "Colorado", 8, "Colorado Department of Revenue"),
  state("CT", "Connecticut", 9, "Connecticut Department of Revenue Services"),
  state("DE", "Delaware", 10, "Delaware Division of Revenue"),
  state("DC", "District of Columbia", 11, "District of Columbia Office of Tax and Revenue"),
  state("FL", "Florida", 12, "Florida Department of Revenue"),
  state("GA", "Georgia", 13, "Georgia Department of Revenue"),
  state("HI", "Hawaii", 15, "Hawaii Department of Taxation"),
  state("ID", "Idaho", 16, "Idaho State Tax Commission"),
  state("IL", "Illinois", 17, "Illinois Department of Revenue"),
  state("IN", "Indiana", 18, "Indiana Department of Revenue"),
  state("IA", "Iowa", 19, "Iowa Department of Revenue"),
  state("KS", "Kansas", 20, "Kansas Department of Revenue"),
  state("KY", "Kentucky", 21, "Kentucky Department of Revenue"),
  state("LA", "Louisiana", 22, "Louisiana Department of Revenue"),
  state("ME", "Maine", 23, "Maine Revenue Services"),
  state("MD", "Maryland", 24, "Comptroller of Maryland"),
  state("MA", "Massachusetts", 25, "Massachusetts Department of Revenue"),
  state("MI", "Michigan", 26, "Michigan Department of Treasury"),
  state("MN", "Minnesota", 27, "Minnesota Department of Revenue"),
  state("MS", "Mississippi", 28, "Mississippi Department of Revenue"),
  state("MO", "Missouri", 29, "Missouri Department of Revenue"),
  state("MT", "Montana", 30, "Montana Department of Revenue"),
  state("NE", "Nebraska", 31, "Nebraska Department of Revenue"),
  state("NV", "Nevada", 32, "Nevada Department of Taxation"),
  state("NH", "New Hampshire", 33, "New Hampshire Department of Revenue Administration"),
  state("NJ", "New Jersey", 34, "New Jersey Division of Taxation"),
  state("NM", "New Mexico", 35, "New Mexico Taxation and Revenue Department"),
  state("NY", "New York", 36, "New York State Department of Taxation and Finance"),
  state("NC", "North Carolina", 37, "North Carolina Department of Revenue"),
  state("ND", "North Dakota", 38, "North Dakota Office of State Tax Commissioner"),
  state("OH", "Ohio", 39, "Ohio Department of Taxation"),
  state("OK", "Oklahoma", 40, "Oklahoma Tax Commission"),
  state("OR", "Oregon", 41, "Oregon Department of Revenue"),
  state("PA", "Pennsylvania", 42, "Pennsylvania Department of Revenue"),
  state("RI", "Rhode Island", 44, "Rhode Island Division of Taxation"),
  state("SC", "South Carolina", 45, "South Carolina Department of Revenue"),
  state("SD", "South Dakota", 46, "South Dakota Department of Revenue"),
  state("TN", "Tennessee", 47, "Tennessee Department of Revenue"),
  state("TX", "Texas", 48, "Texas Comptroller of Public Accounts"),
  state("UT", "Utah", 49, "Utah State Tax Commission"),
  state("VT", "Vermont", 50, "Vermont Department of Taxes"),
  state("VA", "Virginia", 51, "Virginia Department of Taxation"),
  state("WA", "Washington", 53, "Washington State Department of Revenue"),
  state("WV", "West Virginia", 54, "West Virginia Tax Division"),
  state("WI", "Wisconsin", 55, "Wisconsin Department of Revenue"),
  state("WY", "Wyoming", 56, "Wyoming Department of Revenue"),
  territory("AS", "American Samoa", 60, "American Samoa Department of Treasury"),
  territory("GU", "Guam", 66, "Guam Department of Revenue and Taxation"),
  territory("MP", "Northern Mariana Islands", 69, "CNMI Department of Finance, Division of Revenue and Taxation"),
  territory("PR", "Puerto Rico", 72, "Puerto Rico Department of the Treasury (Hacienda)"),
  territory("VI", "U.S. Virgin Islands", 78, "Virgin Islands Bureau of Internal Revenue"),
];

/** Armed Forces "states" of APO/FPO/DPO mail. */
export const militaryRegions: Readonly<Record<string, string>> = {
  AA: "Armed Forces Americas",
  AE: "Armed Forces Europe",
  AP: "Armed Forces Pacific",
};

const byCode = new Map(usRegions.map((region) => [region.code, region]));
const byName = new Map(usRegions.map((region) => [region.name.toUpperCase(), region]));
byName.set("VIRGIN ISLANDS", byCode.get("VI")!);
byName.set("US VIRGIN ISLANDS", byCode.get("VI")!);

export function usRegion(code: string): UsRegion | undefined {
  return byCode.get(code);
}

/** A USPS code or an English name ("Michigan", "michigan") to the region. */
export function usRegionFrom(value: string): UsRegion | undefined {
  return byCode.get(value.toUpperCase()) ?? byName.get(value.toUpperCase());
}
