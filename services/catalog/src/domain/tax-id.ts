// Tax IDs on merchants and customers: a type and a value whose format is checked per
// type. Formats: EU VAT numbers as published by the European Commission's VIES
// (https://ec.europa.eu/taxation_customs/vies/faq.html, "VAT number format"), UK VAT
// (HMRC VAT Notice 700/1 §3), US EIN (IRS, "Employer ID Numbers": NN-NNNNNNN).
export interface TaxId {
  readonly type: string;
  readonly value: string;
}

const formats: Readonly<Record<string, RegExp>> = {
  at_vat: /^ATU\d{8}$/,
  be_vat: /^BE[01]\d{9}$/,
  de_vat: /^DE\d{9}$/,
  dk_vat: /^DK\d{8}$/,
  es_vat: /^ES[0-9A-Z]\d{7}[0-9A-Z]$/,
  fi_vat: /^FI\d{8}$/,
  fr_vat: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  gb_vat: /^GB(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
  ie_vat: /^IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  it_vat: /^IT\d{11}$/,
  nl_vat: /^NL\d{9}B\d{2}$/,
  pl_vat: /^PL\d{10}$/,
  pt_vat: /^PT\d{9}$/,
  se_vat: /^SE\d{12}$/,
  us_ein: /^\d{2}-\d{7}$/,
};

export const taxIdTypes = Object.keys(formats);

/** Upper-cases and removes spaces, dots and (except for EINs) dashes. */
export function normalizeTaxIdValue(type: string, value: string): string {
  const compact = value.toUpperCase().replace(/[\s.]/g, "");
  if (type === "us_ein") return /^\d{9}$/.test(compact) ? `${compact.slice(0, 2)}-${compact.slice(2)}` : compact;
  return compact.replaceAll("-", "");
}

/** Null when valid; otherwise what is wrong. */
export function taxIdProblem(taxId: TaxId): string | null {
  const format = formats[taxId.type];
  if (!format) return `unknown tax ID type "${taxId.type.slice(0, 20)}"; known: ${taxIdTypes.join(", ")}`;
  return format.test(normalizeTaxIdValue(taxId.type, taxId.value))
    ? null
    : `"${taxId.value.slice(0, 30)}" is not a valid ${taxId.type}`;
}
