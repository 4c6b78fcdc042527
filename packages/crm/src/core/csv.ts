/** A cell a spreadsheet would run as a formula: it starts with = + - @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): text a spreadsheet would evaluate gets a leading apostrophe (CSV formula
 * injection: product names and notes come from outside), and a cell holding a comma, quote or line break
 * is quoted with its quotes doubled. Numbers are written as they are, so negative amounts stay numbers.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The rows as CSV text: cells joined by commas, every record ended by CRLF as RFC 4180 has it. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
