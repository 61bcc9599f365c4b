// Turns pdf.js text items (runs of text with a position) into reading-order lines:
// items on the same baseline form one line, left to right; a wide horizontal gap
// becomes three spaces so that form columns ("Label:   value") stay apart.
export interface PositionedText {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export const columnGap = "   ";

export function linesFromPositionedText(items: readonly PositionedText[]): string[] {
  const visible = items.filter((item) => item.text.trim() !== "");
  const rows: PositionedText[][] = [];
  // Top of the page first (PDF y grows upwards).
  for (const item of [...visible].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const row = rows.find((candidate) => sameBaseline(candidate[0]!, item));
    if (row) row.push(item);
    else rows.push([item]);
  }
  return rows.map(joinRow).filter((line) => line !== "");
}

function sameBaseline(a: PositionedText, b: PositionedText): boolean {
  const tolerance = Math.max(1, Math.min(a.height, b.height) * 0.4);
  return Math.abs(a.y - b.y) <= tolerance;
}

function joinRow(row: PositionedText[]): string {
  const sorted = [...row].sort((a, b) => a.x - b.x);
  let line = "";
  let end = Number.NEGATIVE_INFINITY;
  for (const item of sorted) {
    const gap = item.x - end;
    const size = Math.max(item.height, 1);
    if (line !== "") {
      if (gap > size * 1.5) line += columnGap;
      else if (gap > size * 0.12 && !line.endsWith(" ") && !item.text.startsWith(" ")) line += " ";
    }
    line += item.text;
    end = item.x + item.width;
  }
  return line.replace(/\s+$/, "");
}
