// Issue and expiry dates. An expiry is a date on (or right after) a line that speaks of
// expiring or validity; an issue date is a date after a "Date", "Dated", "Issued" or
// "Effective" label, else the first other date in the document (a letter's date).
import { datesIn } from "./parse-date.js";

const expiryCue = /\b(expires?|expiration|expiry|valid (?:through|thru|until)|good (?:through|until))\b/i;
const issueCue = /\b(date(?:d| signed| issued)?|issued(?: on)?|issue date|effective(?: date)?)\b/i;

export interface FoundDates {
  readonly issuedOn: string | null;
  readonly expiresOn: string | null;
}

export function findDates(lines: readonly string[]): FoundDates {
  const expiresOn = findExpiry(lines);
  return { expiresOn, issuedOn: findIssue(lines, expiresOn) };
}

function findExpiry(lines: readonly string[]): string | null {
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const cue = expiryCue.exec(line);
    if (!cue) continue;
    const after = datesIn(line.slice(cue.index));
    if (after[0]) return after[0].iso;
    const next = lines[index + 1];
    const onNext = next !== undefined ? datesIn(next) : [];
    if (onNext[0] && !issueCue.test(next!)) return onNext[0].iso;
  }
  return null;
}

function findIssue(lines: readonly string[], expiresOn: string | null): string | null {
  // On a line that also gives the expiry, only the part before the expiry counts.
  const issueParts = lines.map((line) => {
    const expiry = expiryCue.exec(line);
    return expiry ? line.slice(0, expiry.index) : line;
  });
  for (const part of issueParts) {
    const cue = new RegExp(issueCue.source, "gi");
    for (let match = cue.exec(part); match; match = cue.exec(part)) {
      const date = datesIn(part.slice(match.index))[0];
      if (date && date.index < 40) return date.iso;
    }
  }
  for (const part of issueParts) {
    const date = datesIn(part).find((found) => found.iso !== expiresOn);
    if (date) return date.iso;
  }
  return null;
}
