// Whether the document is signed: an "/s/ Name" conformed signature, an
// "electronically signed by" note, or a signature label whose field holds a name.
// A signature label followed by blank underscores, or only by the next label, is unsigned.
import { cleanValue, columns, isBlankValue } from "./text-lines.js";

const conformed = /(?:^|\s)\/s\/\s*\p{L}{2,}/u;
// How OCR tends to read "/s/": "Isl", "|s|", "1s1" before a capitalised name.
const conformedByOcr = /(?:^|\s)[|Il1]s[|Il1]\s+\p{Lu}\p{L}+/u;
const electronic = /\b(?:electronically|digitally|e-?)\s*signed by\s+\p{L}{2,}/iu;
const signatureLabel =
  /\b(?:signature(?: of (?:authorized |the )?(?:purchaser|buyer|officer|representative)(?:\s+or\s+\w+)?)?|authori[sz]ed signature|sign(?:ed)? here|signed)\b\s*[:-]?/i;
const otherLabel = /^(?:print(?:ed)? name|name|title|date|phone|purchaser'?s?|here)\b/i;

export function findSignature(lines: readonly string[]): boolean {
  const text = lines.join("\n");
  if (conformed.test(text) || conformedByOcr.test(text) || electronic.test(text)) return true;
  return lines.some((line) => signedOnLine(line));
}

function signedOnLine(line: string): boolean {
  const label = signatureLabel.exec(line);
  if (!label) return false;
  const after = line.slice(label.index + label[0].length);
  const field = columns(after.replace(/^\s{0,2}/, ""))[0] ?? "";
  if (isBlankValue(field) || otherLabel.test(field.trim())) return false;
  const value = cleanValue(field);
  // A name: at least two letters, not the start of a sentence about signing.
  return /\p{L}{2}/u.test(value) && !/^(?:of|by|and|the|this|that|on|in)\b/i.test(value);
}
