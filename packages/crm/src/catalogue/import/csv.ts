import { csvCell } from '../../core/csv';
import {
  CATALOGUE_LIMITS,
  CatalogueFileRefused,
  type CatalogueTable,
  nextTurn,
  ROWS_PER_TURN,
} from './format';

/**
 * CSV as RFC 4180 writes it and spreadsheets save it: cells separated by commas (or semicolons, or tabs, as the
 * header shows), quoted when they hold a separator, a quote or a line break. Read in chunks of rows within the
 * file's bounds.
 */

/** A cell an export wrote with an apostrophe before what a spreadsheet would run as a formula (core/csv.ts). */
const DEFUSED_FORMULA = /^'[=+\-@\t\r]/;
const QUOTE = 34;
const CR = 13;
const LF = 10;

/** The text of a UTF-8 file without its byte order mark; anything else is refused. */
export function utf8Text(bytes: Uint8Array, saveAs: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CatalogueFileRefused({
      row: null,
      column: null,
      message: `The file is not UTF-8 text; save it as ${saveAs}.`,
    });
  }
}

const refused = (row: number | null, message: string) =>
  new CatalogueFileRefused({ row, column: null, message });

/** The separator the header line uses most: a comma, a semicolon or a tab. */
function separatorOf(text: string): number {
  const header = text.slice(0, Math.max(0, text.search(/\r|\n/)) || text.length);
  const counts = [',', ';', '\t'].map((separator) => header.split(separator).length);
  const best = counts.indexOf(Math.max(...counts));
  return [',', ';', '\t'][best]?.charCodeAt(0) ?? 44;
}

export async function readCsv(bytes: Uint8Array): Promise<CatalogueTable> {
  const text = utf8Text(bytes, 'CSV UTF-8');
  const separator = separatorOf(text);
  const records: { row: number; cells: string[] }[] = [];
  let at = 0;
  let row = 0;
  while (at < text.length) {
    row += 1;
    const record = readRecord(text, at, separator, row);
    at = record.next;
    // A blank line is no row; it still counts, so row numbers are the file's.
    if (record.cells.length === 1 && record.cells[0] === '') continue;
    if (records.length > CATALOGUE_LIMITS.rows)
      throw refused(
        row,
        `The file has more than ${CATALOGUE_LIMITS.rows.toLocaleString('en-US')} rows; split it.`,
      );
    records.push({ row, cells: record.cells });
    if (records.length % ROWS_PER_TURN === 0) await nextTurn();
  }
  const [header, ...rows] = records;
  if (!header) throw refused(null, 'The file has no header row.');
  return { columns: header.cells, rows, headerRow: header.row, problems: [] };
}

/** One record from `at`: its cells and where the next one starts. */
function readRecord(
  text: string,
  at: number,
  separator: number,
  row: number,
): { cells: string[]; next: number } {
  const cells: string[] = [];
  let i = at;
  for (;;) {
    let value: string;
    if (text.charCodeAt(i) === QUOTE) {
      value = '';
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) throw refused(row, `Row ${row} has a quoted cell that is never closed.`);
        value += text.slice(from, quote);
        if (value.length > CATALOGUE_LIMITS.cellChars) throw cellTooLong(row, cells.length);
        if (text.charCodeAt(quote + 1) !== QUOTE) {
          i = quote + 1;
          break;
        }
        value += '"';
        from = quote + 2;
      }
    } else {
      let end = i;
      while (end < text.length) {
        const code = text.charCodeAt(end);
        if (code === separator || code === LF || code === CR) break;
        end += 1;
      }
      value = text.slice(i, end);
      i = end;
    }
    if (value.length > CATALOGUE_LIMITS.cellChars) throw cellTooLong(row, cells.length);
    cells.push(DEFUSED_FORMULA.test(value) ? value.slice(1) : value);
    if (cells.length > CATALOGUE_LIMITS.columns)
      throw refused(row, `Row ${row} has more than ${CATALOGUE_LIMITS.columns} cells.`);
    if (i >= text.length) return { cells, next: i };
    const code = text.charCodeAt(i);
    if (code === separator) {
      i += 1;
      if (i >= text.length) return { cells: [...cells, ''], next: i };
      continue;
    }
    if (code === CR) return { cells, next: text.charCodeAt(i + 1) === LF ? i + 2 : i + 1 };
    if (code === LF) return { cells, next: i + 1 };
    throw refused(row, `Row ${row} has text after a quoted cell's closing quote (cell ${cells.length}).`);
  }
}

const cellTooLong = (row: number, index: number) =>
  refused(
    row,
    `Row ${row}, cell ${index + 1} is longer than ${CATALOGUE_LIMITS.cellChars.toLocaleString('en-US')} characters.`,
  );

/**
 * The rows as CSV with a byte order mark (so spreadsheets read it as UTF-8) and CRLF line ends; a cell a
 * spreadsheet would run as a formula starts with an apostrophe, which reading takes off again.
 */
export async function writeCsv(columns: readonly string[], rows: readonly string[][]): Promise<Uint8Array> {
  const lines = [columns.map(csvCell).join(',')];
  for (let start = 0; start < rows.length; start += ROWS_PER_TURN) {
    for (const row of rows.slice(start, start + ROWS_PER_TURN)) lines.push(row.map(csvCell).join(','));
    await nextTurn();
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
