import { utf8Text } from './csv';
import {
  CATALOGUE_LIMITS,
  CatalogueFileRefused,
  type CatalogueTable,
  type FileProblem,
  nextTurn,
  ROWS_PER_TURN,
} from './format';

/**
 * JSON: an array of objects whose keys are the columns. Values are text, or a number for a price, or true and
 * false for yes and no; null is an empty cell, and a key left out leaves its field as it is. The array is
 * split into its objects first and each is parsed on its own, a chunk at a time, so a 32 MB file never holds
 * the event loop for one long parse, and a broken object is named by its row.
 */

const refused = (row: number | null, message: string) =>
  new CatalogueFileRefused({ row, column: null, message });

const WHITESPACE = /\s/;

export async function readJsonRows(bytes: Uint8Array): Promise<CatalogueTable> {
  const text = utf8Text(bytes, 'UTF-8 JSON');
  let at = skipSpace(text, 0);
  if (text[at] !== '[') throw refused(null, 'The file is not a JSON array of rows ([{"sku": …}, …]).');
  at = skipSpace(text, at + 1);
  const columns: string[] = [];
  const indexOf = new Map<string, number>();
  const rows: CatalogueTable['rows'] = [];
  const problems: FileProblem[] = [];
  while (text[at] !== ']') {
    const row = rows.length + 1;
    if (row > CATALOGUE_LIMITS.rows)
      throw refused(
        row,
        `The file has more than ${CATALOGUE_LIMITS.rows.toLocaleString('en-US')} rows; split it.`,
      );
    if (text[at] !== '{') throw refused(row, `Row ${row} is not a JSON object.`);
    const end = objectEnd(text, at, row);
    let object: Record<string, unknown>;
    try {
      object = JSON.parse(text.slice(at, end)) as Record<string, unknown>;
    } catch {
      throw refused(row, `Row ${row} is not valid JSON.`);
    }
    const cells: (string | null)[] = columns.map(() => null);
    for (const [key, value] of Object.entries(object)) {
      let index = indexOf.get(key);
      if (index === undefined) {
        if (columns.length >= CATALOGUE_LIMITS.columns)
          throw refused(row, `The rows name more than ${CATALOGUE_LIMITS.columns} different keys.`);
        index = columns.push(key) - 1;
        indexOf.set(key, index);
      }
      const cell = cellText(value);
      if (cell === undefined)
        problems.push({ row, column: key, message: 'must be text, a number, true, false or null' });
      cells[index] = cell ?? '';
    }
    rows.push({ row, cells });
    if (rows.length % ROWS_PER_TURN === 0) await nextTurn();
    at = skipSpace(text, end);
    if (text[at] === ',') at = skipSpace(text, at + 1);
    else if (text[at] !== ']')
      throw refused(row, `Row ${row} is not followed by a comma or the array's end.`);
  }
  if (skipSpace(text, at + 1) !== text.length)
    throw refused(null, 'The file has more after the array of rows.');
  // A key first named by a later row is one the earlier rows left out.
  for (const { cells } of rows) while (cells.length < columns.length) cells.push(null);
  return { columns, rows, headerRow: null, problems };
}

function skipSpace(text: string, from: number): number {
  let at = from;
  while (at < text.length && WHITESPACE.test(text[at] ?? '')) at += 1;
  return at;
}

/** Where the object starting at `start` ends: its closing brace, strings and nested values skipped over. */
function objectEnd(text: string, start: number, row: number): number {
  let depth = 0;
  for (let at = start; at < text.length; at += 1) {
    const char = text[at];
    if (char === '"') {
      at += 1;
      while (at < text.length && text[at] !== '"') {
        if (text[at] === '\\') at += 1;
        at += 1;
      }
    } else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
  }
  throw refused(row, `Row ${row} is not closed.`);
}

/** A value as its cell's text; undefined for one no cell holds (a list, an object). */
function cellText(value: unknown): string | undefined {
  if (value === null) return '';
  // Cut past the limit: the row's check says the cell is too long, without carrying all of it.
  if (typeof value === 'string') return value.slice(0, CATALOGUE_LIMITS.cellChars + 1);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return undefined;
}

/** Columns written as JSON numbers and booleans (null when empty); the rest are text. */
const NUMBERS = new Set(['list_price', 'price', 'weight_kg']);
const BOOLEANS = new Set(['discontinued', 'shippable']);

/** One object a line, so a diff of two exports reads row by row. */
export async function writeJsonRows(
  columns: readonly string[],
  rows: readonly string[][],
): Promise<Uint8Array> {
  const lines: string[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_TURN) {
    for (const row of rows.slice(start, start + ROWS_PER_TURN)) {
      const object = Object.fromEntries(
        columns.map((column, index) => {
          const text = row[index] ?? '';
          if (NUMBERS.has(column)) return [column, text === '' ? null : Number(text)];
          if (BOOLEANS.has(column)) return [column, text === '' ? null : text === 'yes'];
          return [column, text];
        }),
      );
      lines.push(JSON.stringify(object));
    }
    await nextTurn();
  }
  return Buffer.from(lines.length === 0 ? '[]\n' : `[\n${lines.join(',\n')}\n]\n`, 'utf8');
}
