// Regions inside a country's VAT area that levy their own VAT rates, and places that use
// another country's post but are their own tax territory. Each is recognised from the
// address the way special-territories.ts recognises those outside the EU VAT area.

export interface VatRegion {
  /** Jurisdiction id: the ISO 3166-2 code ("PT-30"). */
  readonly id: string;
  readonly country: string;
  /** English name. */
  readonly name: string;
  /** First two digits of the postal code (CTT codes are NNNN-NNN). */
  readonly postalPrefixes: readonly string[];
  /** Province codes or names that mean the region when no postal code is given (upper case). */
  readonly provinces: readonly string[];
  readonly source: string;
}

const ctt = "CTT Correios de Portugal postal code ranges";

/**
 * Portugal's autonomous regions tax at the regional rates set under Código do IVA art.
 * 18(3) and Lei Orgânica n.º 2/2013 art. 59(2) (Ofício Circulado n.º 25045/2024, AT).
 * Madeira's codes run 9000-9400 (9400 is Porto Santo), the Azores' 9500-9980.
 */
export const vatRegions: readonly VatRegion[] = [
  {
    id: "PT-30",
    country: "PT",
    name: "Madeira",
    postalPrefixes: ["90", "91", "92", "93", "94"],
    provinces: ["30", "MADEIRA", "REGIAO AUTONOMA DA MADEIRA", "REGIÃO AUTÓNOMA DA MADEIRA"],
    source: `Código do IVA art. 18(3); ${ctt} (Madeira and Porto Santo: 9000-9400)`,
  },
  {
    id: "PT-20",
    country: "PT",
    name: "Azores",
    postalPrefixes: ["95", "96", "97", "98", "99"],
    provinces: ["20", "AZORES", "ACORES", "AÇORES", "REGIAO AUTONOMA DOS ACORES", "REGIÃO AUTÓNOMA DOS AÇORES"],
    source: `Código do IVA art. 18(3); ${ctt} (Azores: 9500-9980)`,
  },
];

export interface PostalDependency {
  /** The country code the address carries (the post that serves the place). */
  readonly postCountry: string;
  /** Postcodes (spaces removed, upper case) that mean the place. */
  readonly postcode: RegExp;
  /** The place's own ISO 3166-1 code: its jurisdiction is that country's. */
  readonly country: string;
  readonly source: string;
}

/**
 * The Channel Islands use Royal Mail postcodes (JE, GY) but are outside the UK VAT area:
 * Jersey levies its own GST, Guernsey none (VAT Act 1994 s. 96(1): "the United Kingdom"
 * does not include them). The Isle of Man (IM) is inside it: see vatAreaMembers.
 */
export const postalDependencies: readonly PostalDependency[] = [
  {
    postCountry: "GB",
    postcode: /^JE\d/,
    country: "JE",
    source: "Jersey postcodes JE1-JE5; Goods and Services Tax (Jersey) Law 2007",
  },
  {
    postCountry: "GB",
    postcode: /^GY\d/,
    country: "GG",
    source: "Guernsey, Alderney and Sark postcodes GY1-GY10; outside the UK VAT area (VAT Act 1994 s. 96(1))",
  },
];
