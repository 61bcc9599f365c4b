// US states and DC by postal code and name, for reading jurisdictions off forms.
export const usStates: Readonly<Record<string, string>> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

export function isStateCode(value: string): boolean {
  return Object.hasOwn(usStates, value);
}

/** Postal code for a state name ("New York" → "NY"), case-insensitive; null when unknown. */
export function stateCodeForName(name: string): string | null {
  const wanted = name.trim().toLowerCase().replace(/\s+/g, " ");
  for (const [code, stateName] of Object.entries(usStates)) {
    if (stateName.toLowerCase() === wanted) return code;
  }
  return null;
}

/** Names longest first, so "West Virginia" is found before "Virginia". */
export const stateNamesLongestFirst: readonly string[] = Object.values(usStates).sort((a, b) => b.length - a.length);
