// Certificate type from the reason a generic or multi-purpose form gives, checked in
// this order (a nonprofit hospital buying for resale is rare; a government agency that
// is also "exempt" is a government). Resale comes last: many exemption forms mention
// resale in their instructions.
export interface ReasonRule {
  readonly certificateType: string;
  readonly pattern: RegExp;
}

export const reasonRules: readonly ReasonRule[] = [
  {
    certificateType: "government",
    pattern:
      /\b(?:federal|state|local|tribal|city|county|municipal) government\b|\bgovernment(?:al)? (?:agency|entity|unit)\b|\bpolitical subdivision\b/i,
  },
  { certificateType: "diplomatic", pattern: /\bdiplomat(?:ic)?\b.*\b(?:exempt|tax)\b|\bforeign mission\b/i },
  {
    certificateType: "exempt_organization",
    pattern:
      /\b501\s*\(c\)\s*\(\d\)|\bnon-?profit\b|\bcharitable\b|\breligious organi[sz]ation\b|\beducational organi[sz]ation\b|\bexempt organi[sz]ation\b/i,
  },
  {
    certificateType: "agricultural",
    pattern: /\bagricultur(?:e|al)\b|\bfarm(?:ing|er)?\b|\branch(?:ing)?\b|\btimber\b/i,
  },
  {
    certificateType: "manufacturing",
    pattern: /\bmanufactur(?:e|ing|er)\b|\bindustrial production\b|\bprocessing or fabricating\b/i,
  },
  { certificateType: "direct_pay", pattern: /\bdirect pay(?:ment)? permit\b/i },
  { certificateType: "resale", pattern: /\bresale\b|\bfor resale\b|\bresold\b|\bre-?sell\b/i },
];

/** The type of the first rule whose pattern is found, else `fallback`. */
export function typeFromReasons(lines: readonly string[], fallback: string): string {
  const text = lines.join("\n");
  return reasonRules.find((rule) => rule.pattern.test(text))?.certificateType ?? fallback;
}
