// CSV (RFC 4180) for exports: fields with a comma, quote or line break are quoted, and a
// text field that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
// leading apostrophe (OWASP's CSV injection advice). Numbers are written as they are.
const formulaStart = /^[=+\-@\t\r]/;

export function csvField(value: string | number | boolean): string {
  if (typeof value !== "string") return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly (string | number | boolean)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
