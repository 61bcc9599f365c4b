// The purchaser's name: the value of the form's purchaser label, or in a letter the
// organisation the letter is about.
import { cleanValue, findLabelledValue } from "./text-lines.js";

const labels: readonly RegExp[] = [
  /name of purchaser(?:,? firm or agency)?(?: as shown on (?:the )?permit)?/i,
  /name of firm \(buyer\)/i,
  /(?:purchaser|buyer)'?s? (?:legal |business )?name\b/i,
  /name of (?:buyer|organi[sz]ation|exempt organi[sz]ation|entity|agency)\b/i,
  /(?:organi[sz]ation|business|entity|agency) name(?: and (?:location )?address)?\b/i,
  /^(?:purchaser|buyer)\b/i,
];

// A name column ends where the next field begins on the same line.
const nextField = /\b(?:phone|telephone|address|title|date|permit|certificate number|tax id)\b/i;

const letterSubject =
  /(?:notify you that|certify that|confirm that|this is to certify that)\s+(.+?)\s+(?:is|has been|qualifies|was)\s+(?:exempt|granted|recognized|recognised|approved|an? )/i;

export function findBuyerName(lines: readonly string[]): string | null {
  for (const label of labels) {
    const found = findLabelledValue(lines, label, nextField);
    const name = found ? plausibleName(found.value) : null;
    if (name) return name;
  }
  const text = lines.join(" ");
  const subject = letterSubject.exec(text);
  return subject ? plausibleName(subject[1]!) : null;
}

function plausibleName(value: string): string | null {
  const name = cleanValue(value.replace(/^(?:is|the|of)\s+/i, ""));
  if (name.length < 2 || name.length > 120) return null;
  if (!/\p{L}{2}/u.test(name)) return null;
  if (/^(?:firm|agency|n\/?a|none|see attached)$/i.test(name)) return null;
  return name;
}
