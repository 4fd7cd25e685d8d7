/** Cells a spreadsheet would read as a formula (OWASP "CSV injection"): `=`, `+`, `-`, `@`, and a leading tab or carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * A cell a spreadsheet would run as a formula gets a leading apostrophe, so it is shown as text.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV record, ended with CRLF as RFC 4180 says. */
export function csvRow(cells: (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
