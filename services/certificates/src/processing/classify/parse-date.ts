// Dates as printed on US forms, to ISO YYYY-MM-DD. Numeric dates are read month first
// (US forms); a two-digit year is 20YY. Impossible calendar dates are ignored.
const months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const monthName =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";

const patterns: ReadonlyArray<{ regex: RegExp; parts: (m: RegExpExecArray) => [string, string, string] }> = [
  { regex: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g, parts: (m) => [m[1]!, m[2]!, m[3]!] },
  { regex: /\b(\d{1,2})\s?[/.-]\s?(\d{1,2})\s?[/.-]\s?(\d{4}|\d{2})\b/g, parts: (m) => [m[3]!, m[1]!, m[2]!] },
  {
    regex: new RegExp(`\\b${monthName}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "gi"),
    parts: (m) => [m[3]!, monthNumber(m[1]!), m[2]!],
  },
  {
    regex: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${monthName},?\\s+(\\d{4})\\b`, "gi"),
    parts: (m) => [m[3]!, monthNumber(m[2]!), m[1]!],
  },
];

function monthNumber(name: string): string {
  return String(months.indexOf(name.slice(0, 3).toLowerCase()) + 1);
}

export interface FoundDate {
  readonly iso: string;
  readonly index: number;
}

/** Every date in a line, in order of appearance. */
export function datesIn(line: string): FoundDate[] {
  const found: FoundDate[] = [];
  for (const { regex, parts } of patterns) {
    regex.lastIndex = 0;
    for (let match = regex.exec(line); match; match = regex.exec(line)) {
      const iso = toIso(...parts(match));
      const overlaps = found.some((date) => Math.abs(date.index - match!.index) < 6);
      if (iso && !overlaps) found.push({ iso, index: match.index });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

export function toIso(yearText: string, monthText: string, dayText: string): string | null {
  let year = Number(yearText);
  if (yearText.length === 2) year += 2000;
  const month = Number(monthText);
  const day = Number(dayText);
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
