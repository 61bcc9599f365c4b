// The certificate forms the reader knows by name. To add a form: add an entry with
// phrases from its title (tolerant of line breaks), its type, how its states are read,
// whether it must be signed and which registration number it requires; then add a
// generated sample to test/certificates/corpus/ with its expected reading. Order matters: put the
// more specific title first (CDTFA-230-M before CDTFA-230).
import { claimedState, markedStates, registeredStates } from "./find-jurisdictions.js";
import { typeFromReasons } from "./exemption-reasons.js";
import { datesIn } from "./parse-date.js";

export interface FormDefinition {
  readonly id: string;
  /** Title phrases: found when they make up most of a line near the top of a page. */
  readonly recognisedBy: readonly RegExp[];
  /** Form numbers: found anywhere in the lines near the top of a page. */
  readonly formNumbers?: readonly RegExp[];
  readonly certificateType: (lines: readonly string[]) => string;
  readonly jurisdictions: (lines: readonly string[]) => string[];
  /** The form has a signature line the purchaser must sign (its date is then required too). */
  readonly signatureRequired: boolean;
  /** Label of a registration or permit number the form requires, if any. */
  readonly taxIdLabel: RegExp | null;
  /** Expiry the form implies when none is written on it. */
  readonly impliedExpiry?: (lines: readonly string[]) => string | null;
}

const fixed = (type: string) => () => type;
const states =
  (...codes: string[]) =>
  () =>
    codes;

export const formCatalog: readonly FormDefinition[] = [
  {
    id: "sst_f0003",
    recognisedBy: [/streamlined\s+sales\s+(?:and\s+use\s+)?tax\s+(?:agreement\s+)?certificate\s+of\s+exemption/i],
    formNumbers: [/SSTGB\s+Form\s+F0003/i],
    certificateType: fixed("multistate_sst"),
    jurisdictions: (lines) => [...new Set([...claimedState(lines), ...markedStates(lines)])],
    signatureRequired: true,
    taxIdLabel: /purchaser'?s\s+tax\s+id(?:entification)?\s+number|\bFEIN\b|driver'?s\s+license\s+number/i,
  },
  {
    id: "mtc_uniform",
    recognisedBy: [/uniform\s+sales\s*(?:&|and)\s*use\s+tax\s+(?:exemption\s*\/\s*)?(?:resale\s+)?certificate/i],
    certificateType: fixed("resale"),
    jurisdictions: registeredStates,
    signatureRequired: true,
    taxIdLabel: null, // one registration number per state: a state without one is not covered
  },
  {
    id: "tx_01_339_resale",
    recognisedBy: [/texas\s+sales\s+and\s+use\s+tax\s+resale\s+certificate/i, /texas\s+resale\s+certificate/i],
    certificateType: fixed("resale"),
    jurisdictions: states("TX"),
    signatureRequired: true,
    taxIdLabel: /texas\s+sales\s+(?:and|or)\s+use\s+tax\s+permit\s+number/i,
  },
  {
    id: "tx_01_339_exemption",
    recognisedBy: [/texas\s+sales\s+and\s+use\s+tax\s+exemption\s+certification/i],
    certificateType: (lines) => typeFromReasons(lines, "other"),
    jurisdictions: states("TX"),
    signatureRequired: true,
    taxIdLabel: null,
  },
  {
    id: "tx_01_924",
    recognisedBy: [/texas\s+agricultural\s+sales\s+and\s+use\s+tax\s+exemption\s+certificat/i],
    formNumbers: [/\b01-924\b/],
    certificateType: fixed("agricultural"),
    jurisdictions: states("TX"),
    signatureRequired: true,
    taxIdLabel: /ag\s*\/\s*timber\s+(?:registration\s+)?number/i,
  },
  {
    id: "ca_cdtfa_230_m",
    recognisedBy: [/partial\s+exemption\s+certificate\s+for\s+manufacturing/i],
    formNumbers: [/CDTFA-230-M\b/i],
    certificateType: fixed("manufacturing"),
    jurisdictions: states("CA"),
    signatureRequired: true,
    taxIdLabel: null,
  },
  {
    id: "ca_cdtfa_230",
    recognisedBy: [/california\s+resale\s+certificate/i],
    formNumbers: [/CDTFA-230\b(?!-)/i],
    certificateType: fixed("resale"),
    jurisdictions: states("CA"),
    signatureRequired: true,
    taxIdLabel: /seller'?s\s+permit\s+number/i,
  },
  {
    id: "ny_st_119_1",
    recognisedBy: [/exempt\s+organi[sz]ation\s+exempt\s+purchase\s+certificate/i],
    formNumbers: [/\bST-119\.1\b/i],
    certificateType: fixed("exempt_organization"),
    jurisdictions: states("NY"),
    signatureRequired: true,
    taxIdLabel: /exempt\s+organi[sz]ation\s+(?:certificate\s+|identification\s+)?number/i,
  },
  {
    id: "ny_st_120",
    recognisedBy: [/new\s+york\s+state\s+(?:and\s+local\s+)?(?:sales\s+and\s+use\s+tax\s+)?resale\s+certificate/i],
    formNumbers: [/\bST-120\b(?!\.)/i],
    certificateType: fixed("resale"),
    jurisdictions: states("NY"),
    signatureRequired: true,
    taxIdLabel: /certificate\s+of\s+authority\s+(?:identification\s+)?number/i,
  },
  {
    // Issued by the Department itself; it has carried no signature since 2015 and
    // expires at the end of its calendar year.
    id: "fl_dr_13",
    recognisedBy: [/annual\s+resale\s+certificate\s+for\s+sales\s+tax/i],
    formNumbers: [/\bDR-13\b/],
    certificateType: fixed("resale"),
    jurisdictions: states("FL"),
    signatureRequired: false,
    taxIdLabel: /certificate\s+number/i,
    impliedExpiry: (lines) => yearEnd(lines, /(\d{4})\s+florida\s+annual\s+resale\s+certificate/i),
  },
  {
    id: "fl_dr_14",
    recognisedBy: [/consumer'?s\s+certificate\s+of\s+exemption/i],
    formNumbers: [/\bDR-14\b/],
    certificateType: (lines) => typeFromReasons(lines, "exempt_organization"),
    jurisdictions: states("FL"),
    signatureRequired: false,
    taxIdLabel: /certificate\s+number/i,
  },
];

function yearEnd(lines: readonly string[], pattern: RegExp): string | null {
  const year = pattern.exec(lines.join(" "))?.[1];
  return year ? (datesIn(`12/31/${year}`)[0]?.iso ?? null) : null;
}

/** Lines at the top of a page where titles and form numbers are looked for. */
export const titleLines = 12;

/**
 * The form whose number appears near the top of the page, or whose title makes up most
 * of a line (or of two lines joined, for a title OCR split) near the top. A letter that
 * names a form in a sentence is not that form.
 */
export function recogniseForm(pageLines: readonly string[]): FormDefinition | null {
  const top = pageLines.slice(0, titleLines);
  const candidates = [...top, ...top.slice(1).map((line, index) => `${top[index]} ${line}`)];
  const topText = top.join("\n");
  return (
    formCatalog.find(
      (form) =>
        (form.formNumbers ?? []).some((pattern) => pattern.test(topText)) ||
        form.recognisedBy.some((pattern) => candidates.some((line) => dominates(pattern, line))),
    ) ?? null
  );
}

function dominates(pattern: RegExp, line: string): boolean {
  const match = pattern.exec(line);
  const length = line.replace(/\s+/g, " ").trim().length;
  return match !== null && match[0].length >= 0.6 * length;
}
