// Places that belong to an EU member state but are outside the EU VAT area, and places
// outside a member state that belong to its VAT area. Council Directive 2006/112/EC
// Article 6 (as amended by Council Directive (EU) 2019/475) lists the excluded parts of
// member states; Article 5 with Article 355 TFEU leaves out the overseas countries and
// territories; Article 7 adds Monaco to France's VAT area.

export interface TerritoryRule {
  /** The country code the address carries (the member state, or a neighbour whose post serves it). */
  readonly country: string;
  /** Postal codes (spaces and dashes removed) that start with one of these. */
  readonly postalPrefixes?: readonly string[];
  /** Postal codes shared with places outside the territory: match only with one of these cities. */
  readonly sharedPostalCodes?: { readonly codes: readonly string[]; readonly cities: readonly string[] };
  /** Province or region codes/names that mean the territory when no postal code is given. */
  readonly provinces?: readonly string[];
}

export interface SpecialTerritory {
  /** Jurisdiction id, "<member state>-VATX-<slug>". */
  readonly id: string;
  readonly memberState: string;
  /** English name. */
  readonly name: string;
  /** ISO 3166-1 (or exceptionally reserved) codes that denote the territory itself. */
  readonly countryCodes: readonly string[];
  readonly rules: readonly TerritoryRule[];
  /** First day the territory has been outside the EU VAT area under the cited text (ISO date). */
  readonly effective_from: string;
  readonly source: string;
}

const directive = "Council Directive 2006/112/EC";
const frenchOutermost = `${directive}, Art. 6(1)(c) (territories of Art. 349 and 355(1) TFEU); France: CGI art. 256-0, 294`;
const frenchOct = `Art. 355(2) TFEU and Annex II (overseas country or territory): outside the territory of the Community, ${directive}, Art. 5`;

export const specialTerritories: readonly SpecialTerritory[] = [
  {
    id: "ES-VATX-CANARY_ISLANDS",
    memberState: "ES",
    name: "Canary Islands",
    countryCodes: ["IC"],
    rules: [
      {
        country: "ES",
        postalPrefixes: ["35", "38"],
        provinces: ["CN", "GC", "TF", "IC", "CANARIAS", "CANARY ISLANDS", "LAS PALMAS", "SANTA CRUZ DE TENERIFE"],
      },
    ],
    effective_from: "2007-01-01",
    source: `${directive}, Art. 6(1)(b); Spain: Ley 37/1992 del IVA, art. 3 (IGIC applies instead: Ley 20/1991)`,
  },
  {
    id: "ES-VATX-CEUTA",
    memberState: "ES",
    name: "Ceuta",
    countryCodes: [],
    rules: [
      { country: "ES", postalPrefixes: ["51"], provinces: ["CE", "CEUTA"] },
      { country: "EA", postalPrefixes: ["51"], provinces: ["CE", "CEUTA"] },
    ],
    effective_from: "2007-01-01",
    source: `${directive}, Art. 6(2)(c); Spain: Ley 37/1992 del IVA, art. 3 (IPSI applies instead)`,
  },
  {
    id: "ES-VATX-MELILLA",
    memberState: "ES",
    name: "Melilla",
    countryCodes: [],
    rules: [
      { country: "ES", postalPrefixes: ["52"], provinces: ["ML", "MELILLA"] },
      { country: "EA", postalPrefixes: ["52"], provinces: ["ML", "MELILLA"] },
    ],
    effective_from: "2007-01-01",
    source: `${directive}, Art. 6(2)(d); Spain: Ley 37/1992 del IVA, art. 3 (IPSI applies instead)`,
  },
  {
    id: "FR-VATX-SAINT_BARTHELEMY",
    memberState: "FR",
    name: "Saint Barthélemy",
    countryCodes: ["BL"],
    rules: [{ country: "FR", postalPrefixes: ["97133"], provinces: ["BL"] }],
    effective_from: "2012-01-01",
    source: `${frenchOct} (since 1 January 2012, European Council Decision 2010/718/EU)`,
  },
  {
    id: "FR-VATX-SAINT_MARTIN",
    memberState: "FR",
    name: "Saint Martin (French part)",
    countryCodes: ["MF"],
    rules: [{ country: "FR", postalPrefixes: ["97150"], provinces: ["MF"] }],
    effective_from: "2007-01-01",
    source: frenchOutermost,
  },
  {
    id: "FR-VATX-GUADELOUPE",
    memberState: "FR",
    name: "Guadeloupe",
    countryCodes: ["GP"],
    // After Saint Barthélemy and Saint Martin, whose codes are inside 971.
    rules: [{ country: "FR", postalPrefixes: ["971"], provinces: ["GP", "971", "GUADELOUPE"] }],
    effective_from: "2007-01-01",
    source: frenchOutermost,
  },
  {
    id: "FR-VATX-MARTINIQUE",
    memberState: "FR",
    name: "Martinique",
    countryCodes: ["MQ"],
    rules: [{ country: "FR", postalPrefixes: ["972"], provinces: ["MQ", "972", "MARTINIQUE"] }],
    effective_from: "2007-01-01",
    source: frenchOutermost,
  },
  {
    id: "FR-VATX-FRENCH_GUIANA",
    memberState: "FR",
    name: "French Guiana",
    countryCodes: ["GF"],
    rules: [{ country: "FR", postalPrefixes: ["973"], provinces: ["GF", "973", "GUYANE", "FRENCH GUIANA"] }],
    effective_from: "2007-01-01",
    source: `${frenchOutermost}; no VAT is levied there (CGI art. 294-1)`,
  },
  {
    id: "FR-VATX-REUNION",
    memberState: "FR",
    name: "Réunion",
    countryCodes: ["RE"],
    rules: [
      {
        country: "FR",
        postalPrefixes: ["974"],
        provinces: ["RE", "974", "REUNION", "LA REUNION", "LA RÉUNION", "RÉUNION"],
      },
    ],
    effective_from: "2007-01-01",
    source: frenchOutermost,
  },
  {
    id: "FR-VATX-SAINT_PIERRE_MIQUELON",
    memberState: "FR",
    name: "Saint Pierre and Miquelon",
    countryCodes: ["PM"],
    rules: [{ country: "FR", postalPrefixes: ["975"], provinces: ["PM", "975"] }],
    effective_from: "2007-01-01",
    source: frenchOct,
  },
  {
    id: "FR-VATX-MAYOTTE",
    memberState: "FR",
    name: "Mayotte",
    countryCodes: ["YT"],
    rules: [{ country: "FR", postalPrefixes: ["976"], provinces: ["YT", "976", "MAYOTTE"] }],
    // An outermost region, and so under Art. 6(1)(c), since 1 January 2014.
    effective_from: "2014-01-01",
    source: `${frenchOutermost}; outermost region since 1 January 2014 (Council Directive 2013/61/EU); no VAT is levied there (CGI art. 294-1)`,
  },
  {
    id: "FR-VATX-WALLIS_FUTUNA",
    memberState: "FR",
    name: "Wallis and Futuna",
    countryCodes: ["WF"],
    rules: [{ country: "FR", postalPrefixes: ["986"], provinces: ["WF", "986"] }],
    effective_from: "2007-01-01",
    source: frenchOct,
  },
  {
    id: "FR-VATX-FRENCH_POLYNESIA",
    memberState: "FR",
    name: "French Polynesia",
    countryCodes: ["PF"],
    rules: [{ country: "FR", postalPrefixes: ["987"], provinces: ["PF", "987"] }],
    effective_from: "2007-01-01",
    source: frenchOct,
  },
  {
    id: "FR-VATX-NEW_CALEDONIA",
    memberState: "FR",
    name: "New Caledonia",
    countryCodes: ["NC"],
    rules: [{ country: "FR", postalPrefixes: ["988"], provinces: ["NC", "988"] }],
    effective_from: "2007-01-01",
    source: frenchOct,
  },
  {
    id: "FI-VATX-ALAND",
    memberState: "FI",
    name: "Åland Islands",
    countryCodes: ["AX"],
    rules: [{ country: "FI", postalPrefixes: ["22"], provinces: ["01", "AX", "ALAND", "ÅLAND", "AHVENANMAA"] }],
    effective_from: "2007-01-01",
    source: `${directive}, Art. 6(1)(d); Protocol No 2 to the 1994 Act of Accession; Finland: Act 1266/1996 on exceptions for the Åland Islands`,
  },
  {
    id: "DE-VATX-BUSINGEN",
    memberState: "DE",
    name: "Büsingen am Hochrhein",
    countryCodes: [],
    rules: [
      { country: "DE", postalPrefixes: ["78266"] },
      // Büsingen is also served by the Swiss post and is inside the Swiss VAT area.
      { country: "CH", postalPrefixes: ["8238"] },
    ],
    effective_from: "2007-01-01",
    source: `${directive}, Art. 6(2)(b); Germany: UStG § 1(2); Swiss VAT applies (MWSTG Art. 3(a), customs enclave)`,
  },
  {
    id: "DE-VATX-HELIGOLAND",
    memberState: "DE",
    name: "Heligoland",
    countryCodes: [],
    rules: [{ country: "DE", postalPrefixes: ["27498"] }],
    effective_from: "2007-01-01",
    source: `${directive}, Art. 6(2)(a); Germany: UStG § 1(2)`,
  },
  {
    id: "IT-VATX-LIVIGNO",
    memberState: "IT",
    name: "Livigno",
    countryCodes: [],
    rules: [
      { country: "IT", postalPrefixes: ["23041"] },
      // Trepalle, a hamlet of Livigno, is also addressed with the shared code 23030.
      { country: "IT", sharedPostalCodes: { codes: ["23030"], cities: ["TREPALLE", "LIVIGNO"] } },
    ],
    effective_from: "2007-01-01",
    source: `${directive}, Art. 6(2)(e); Italy: DPR 633/1972, art. 7(1)(a)`,
  },
  {
    id: "IT-VATX-CAMPIONE_D_ITALIA",
    memberState: "IT",
    name: "Campione d'Italia",
    countryCodes: [],
    rules: [
      { country: "IT", postalPrefixes: ["22061"] },
      // Campione is also served by the Swiss post (CH-6911).
      { country: "CH", postalPrefixes: ["6911"] },
    ],
    effective_from: "2007-01-01",
    source: `${directive}, Art. 6(1)(f) (Art. 6(2)(f) until Council Directive (EU) 2019/475, in the EU customs territory since 1 January 2020); Italy: DPR 633/1972, art. 7(1)(a)`,
  },
  {
    id: "GR-VATX-MOUNT_ATHOS",
    memberState: "GR",
    name: "Mount Athos",
    countryCodes: [],
    rules: [{ country: "GR", postalPrefixes: ["63086", "63087"], provinces: ["69", "MOUNT ATHOS", "AGION OROS"] }],
    effective_from: "2007-01-01",
    source: `${directive}, Art. 6(1)(a); Joint Declaration on Mount Athos, 1979 Act of Accession of Greece`,
  },
];

/** Places outside a member state (or the UK) that are inside its VAT area: they resolve to that country. */
export interface VatAreaMember {
  readonly countryCode: string;
  /** The country whose VAT area it belongs to. */
  readonly vatArea: string;
  readonly effective_from: string;
  readonly source: string;
}

export const vatAreaMembers: readonly VatAreaMember[] = [
  {
    countryCode: "MC",
    vatArea: "FR",
    effective_from: "2007-01-01",
    source: `${directive}, Art. 7; Franco-Monegasque Customs Convention of 18 May 1963: Monaco is in the French VAT area`,
  },
  {
    countryCode: "LI",
    vatArea: "CH",
    effective_from: "2007-01-01",
    source:
      "Treaty between Switzerland and Liechtenstein on value added tax of 28 November 1994 (SR 0.641.295.141): one VAT area with the same rates; MWSTG Art. 3 lit. a",
  },
  {
    countryCode: "IM",
    vatArea: "GB",
    effective_from: "2007-01-01",
    source:
      "UK-Isle of Man Customs and Excise Agreement 1979; Value Added Tax (Isle of Man) Order 1982 (SI 1982/1067): the Isle of Man is in the UK VAT area",
  },
];
