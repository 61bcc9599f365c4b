// A minimal RFC 4180 reader for the CSV files that can replace the packaged data:
// quoted fields, doubled quotes, commas inside quotes; one record per line.

export function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line.charCodeAt(i) === 34 /* " */) {
      let value = "";
      i++;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote === -1) throw new Error("unterminated quoted CSV field");
        value += line.slice(i, quote);
        if (line.charCodeAt(quote + 1) === 34) {
          value += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      fields.push(value);
      i++; // the comma
    } else {
      const comma = line.indexOf(",", i);
      const end = comma === -1 ? line.length : comma;
      fields.push(line.slice(i, end));
      i = end + 1;
    }
  }
  return fields;
}

/**
 * Calls `row` for each non-empty line after the header, with the header's column positions
 * (-1 for a missing optional column, whose field then reads as undefined).
 */
export function readCsv(
  text: string,
  row: (fields: string[], column: (name: string, optional?: boolean) => number) => void,
): void {
  const lines = text.split(/\r?\n/);
  const header = parseCsvLine(lines[0] ?? "");
  const positions = new Map(header.map((name, index) => [name.trim(), index]));
  const column = (name: string, optional = false): number => {
    const index = positions.get(name);
    if (index === undefined && optional) return -1;
    if (index === undefined) throw new Error(`CSV column "${name}" is missing`);
    return index;
  };
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() !== "") row(parseCsvLine(line), column);
  }
}
