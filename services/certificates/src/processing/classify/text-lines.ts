// Small helpers over reading-order lines shared by the field finders. Columns on a line
// are separated by three or more spaces (see pdf-page-lines.ts); OCR output has single
// spaces, so finders must also work without column breaks.

/** Straight quotes and dashes, no control characters, single spaces inside columns. */
export function normalizeLine(line: string): string {
  return (
    line
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u2013\u2014]/g, "-")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f]/g, "")
      .replace(/\t/g, "   ")
      .replace(/(?<! ) {2}(?! )/g, " ")
      .trim()
  );
}

export function columns(line: string): string[] {
  return line
    .split(/ {3,}/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** Blank form field: nothing, underscores, dots or dashes. */
export function isBlankValue(value: string): boolean {
  return value.replace(/[\s_.\-:|]/g, "") === "";
}

/** Removes fill-in underscores around a value and trailing punctuation. */
export function cleanValue(value: string): string {
  return value
    .replace(/_{2,}/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s:|]+|[\s,;:|]+$/g, "")
    .trim();
}

export interface LabelledValue {
  readonly value: string;
  readonly lineIndex: number;
}

/**
 * The value written after a label: on the same line after the label (up to the next
 * column, or up to `stopAt`); else, when nothing is written there, on the next line: the
 * cell under the label when both lines have the same columns ("Name   Number" over
 * "ACME LLC   12-345"), otherwise its first column.
 */
export function findLabelledValue(lines: readonly string[], label: RegExp, stopAt?: RegExp): LabelledValue | null {
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const match = label.exec(line);
    if (!match) continue;
    const rest = line.slice(match.index + match[0].length).replace(/^\s*[:-]?\s{0,2}/, "");
    const sameLine = cleanValue(cutAt(columns(rest)[0] ?? "", stopAt));
    if (!isBlankValue(sameLine) && !/^\(/.test(sameLine)) return { value: sameLine, lineIndex: index };
    const next = lines[index + 1];
    if (next === undefined || looksLikeLabel(next)) continue;
    const labelColumns = columns(line);
    const nextColumns = columns(next);
    const column = labelColumns.findIndex((cell) => label.test(cell));
    const cell = nextColumns.length === labelColumns.length && column >= 0 ? nextColumns[column] : nextColumns[0];
    const nextValue = cleanValue(cutAt(cell ?? "", stopAt));
    if (!isBlankValue(nextValue)) return { value: nextValue, lineIndex: index + 1 };
  }
  return null;
}

function cutAt(value: string, stopAt: RegExp | undefined): string {
  if (!stopAt) return value;
  const match = stopAt.exec(value);
  return match ? value.slice(0, match.index) : value;
}

/** A line that names fields rather than filling them ("Title   Date", "Address:"). */
export function looksLikeLabel(line: string): boolean {
  const text = line.trim();
  if (/:\s*$/.test(text.replace(/_+/g, ""))) return true;
  if (/^[\p{L}][\p{L}\s,'()/.&-]{1,80}:/u.test(text)) return true; // "Label: value" is another field
  return /^(address|street|city|phone|title|date|print name|seller|signature|description|purchaser'?s? (tax|type)|state of issue)\b/i.test(
    text,
  );
}
