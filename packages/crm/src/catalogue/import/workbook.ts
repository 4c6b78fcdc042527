import { readZipAsync, writeZip, type ZipRefusal } from '@storefront/contracts/zip-archive';
import {
  CATALOGUE_LIMITS,
  CatalogueFileRefused,
  type CatalogueTable,
  nextTurn,
  ROWS_PER_TURN,
} from './format';

/**
 * An XLSX workbook's first sheet. The archive is read with the shared bounded reader (parts counted, what they
 * inflate to capped, inflated on the thread pool) and its XML read here, row by row with a turn of the event
 * loop every few hundred rows: a catalogue is far bigger than a quick order list, too big for a DOM parser's
 * memory (docs/decisions/0056-catalogue-import.md). Cells are text, shared strings, inline strings, numbers and
 * booleans; styles, formulas' formulas and the rest of the workbook are not read.
 */

const SHEET_PARTS =
  /^xl\/(?:workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|worksheets\/[^/]+\.xml)$/;

const REFUSALS: Record<ZipRefusal, string> = {
  unreadable: 'The file is not an XLSX workbook we can read; save it as .xlsx or .csv.',
  'too-many-entries': `The workbook has more than ${CATALOGUE_LIMITS.workbookEntries} parts; copy the sheet into a new workbook or save it as .csv.`,
  'too-large': `The workbook unpacks to more than ${CATALOGUE_LIMITS.workbookInflatedBytes / 1024 / 1024} MB; split it or save it as .csv.`,
};

const refused = (row: number | null, message: string) =>
  new CatalogueFileRefused({ row, column: null, message });

export async function readWorkbook(bytes: Uint8Array): Promise<CatalogueTable> {
  const archive = await readZipAsync(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    {
      maxEntries: CATALOGUE_LIMITS.workbookEntries,
      maxInflatedBytes: CATALOGUE_LIMITS.workbookInflatedBytes,
    },
    (name) => SHEET_PARTS.test(name),
  );
  if (!archive.ok) throw refused(null, REFUSALS[archive.refusal]);
  const part = (name: string) => archive.entries.get(name)?.toString('utf8');
  const sheet = part(firstSheetPath(part('xl/workbook.xml'), part('xl/_rels/workbook.xml.rels')));
  if (sheet === undefined) throw refused(null, REFUSALS.unreadable);
  const shared = await sharedStrings(part('xl/sharedStrings.xml') ?? '');
  return sheetTable(sheet, shared);
}

const attribute = (attributes: string, name: string) =>
  new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(["'])(.*?)\\1`).exec(attributes)?.[2];

/** The first sheet's part, through the workbook's relationships (sheet1.xml when they say nothing). */
function firstSheetPath(workbook = '', relationships = ''): string {
  const sheet = /<(?:[\w.-]+:)?sheet\b([^>]*)>/.exec(workbook)?.[1] ?? '';
  const id = attribute(sheet, 'id');
  for (const [, attributes = ''] of relationships.matchAll(/<(?:[\w.-]+:)?Relationship\b([^>]*)>/g)) {
    if (attribute(attributes, 'Id') !== id) continue;
    const target = attribute(attributes, 'Target') ?? '';
    return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  return 'xl/worksheets/sheet1.xml';
}

const ITEM = /<(?:[\w.-]+:)?si\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?si>|<(?:[\w.-]+:)?si\b[^>]*\/>/g;

async function sharedStrings(xml: string): Promise<string[]> {
  const strings: string[] = [];
  for (const [, content = ''] of xml.matchAll(ITEM)) {
    strings.push(richText(content));
    if (strings.length % (ROWS_PER_TURN * 20) === 0) await nextTurn();
  }
  return strings;
}

/** The text of a string item: its runs' text, without the phonetic guide some East Asian text carries. */
function richText(content: string): string {
  let text = '';
  const withoutPhonetics = content.replace(/<(?:[\w.-]+:)?rPh\b[\s\S]*?<\/(?:[\w.-]+:)?rPh>/g, '');
  for (const [, inner = ''] of withoutPhonetics.matchAll(
    /<(?:[\w.-]+:)?t\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?t>/g,
  ))
    text += inner;
  return decodeXml(text);
}

const ROW = /<(?:[\w.-]+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?row>)/g;
const CELL = /<(?:[\w.-]+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?c>)/g;
const VALUE = /<(?:[\w.-]+:)?v\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?v>/;
const INLINE = /<(?:[\w.-]+:)?is\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?is>/;

async function sheetTable(xml: string, shared: readonly string[]): Promise<CatalogueTable> {
  const records: { row: number; cells: string[] }[] = [];
  let previous = 0;
  for (const [, attributes = '', content = ''] of xml.matchAll(ROW)) {
    const row = Number(attribute(attributes, 'r') ?? previous + 1);
    if (!Number.isSafeInteger(row) || row <= previous)
      throw refused(previous + 1, `Row ${previous + 1} of the sheet is out of order.`);
    previous = row;
    const cells = rowCells(content, row, shared);
    if (cells.every((cell) => cell === '')) continue;
    if (records.length > CATALOGUE_LIMITS.rows)
      throw refused(
        row,
        `The sheet has more than ${CATALOGUE_LIMITS.rows.toLocaleString('en-US')} rows; split it.`,
      );
    records.push({ row, cells });
    if (records.length % ROWS_PER_TURN === 0) await nextTurn();
  }
  const [header, ...rows] = records;
  if (!header) throw refused(null, 'The sheet has no header row.');
  return { columns: header.cells, rows, headerRow: header.row, problems: [] };
}

function rowCells(content: string, row: number, shared: readonly string[]): string[] {
  const cells: string[] = [];
  for (const [, attributes = '', inner = ''] of content.matchAll(CELL)) {
    const reference = attribute(attributes, 'r');
    const column = reference ? columnIndex(reference) : cells.length;
    if (column < cells.length || column >= CATALOGUE_LIMITS.columns)
      throw refused(
        row,
        `Row ${row} has a cell beyond column ${columnName(CATALOGUE_LIMITS.columns - 1)} or out of order.`,
      );
    while (cells.length < column) cells.push('');
    const text = cellValue(attribute(attributes, 't') ?? 'n', inner, shared);
    if (text.length > CATALOGUE_LIMITS.cellChars)
      throw refused(
        row,
        `Row ${row}, cell ${reference ?? column + 1} is longer than ${CATALOGUE_LIMITS.cellChars.toLocaleString('en-US')} characters.`,
      );
    cells.push(text);
  }
  return cells;
}

function cellValue(type: string, inner: string, shared: readonly string[]): string {
  if (type === 'inlineStr') return richText(INLINE.exec(inner)?.[1] ?? '');
  const value = decodeXml(VALUE.exec(inner)?.[1] ?? '');
  if (type === 's') return shared[Number(value)] ?? '';
  if (type === 'b') return value === '1' ? 'yes' : value === '0' ? 'no' : value;
  return value;
}

/** 'AB12' -> 27: the letters before the row number, counted from A = 0. */
function columnIndex(reference: string): number {
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
    if (column > CATALOGUE_LIMITS.columns) break;
  }
  return column - 1;
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's entities and character references, then Excel's escapes of characters XML cannot hold (`_x000D_`). */
function decodeXml(text: string): string {
  if (!text.includes('&') && !text.includes('_x')) return text;
  return text
    .replace(/&(?:#x([0-9a-fA-F]+)|#(\d+)|(\w+));/g, (whole, hex, decimal, name) => {
      if (name) return ENTITIES[name] ?? whole;
      const code = hex ? Number.parseInt(hex, 16) : Number(decimal);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Text as XML holds it: markup escaped, what XML 1.0 cannot hold (and what looks like an escape) as Excel escapes it. */
function encodeXml(text: string): string {
  return text
    .replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_')
    .replace(/[&<>]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;'))
    .replace(
      /[^\t\n\r\u0020-\ufffd]/g,
      (char) => `_x${char.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}_`,
    );
}

const NS = 'http://schemas.openxmlformats.org';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** How a column of numbers is shown: prices with two decimals, other numbers as they are. */
export type NumberStyle = 'price' | 'plain';

/**
 * A one-sheet workbook: text as inline strings (nothing to share between thousands of distinct cells), the
 * columns in `numbers` as numbers shown in their style.
 */
export async function writeWorkbook(
  columns: readonly string[],
  rows: readonly string[][],
  numbers: ReadonlyMap<string, NumberStyle>,
): Promise<Uint8Array> {
  const styles = columns.map((column) => numbers.get(column));
  const cell = (value: string, column: number, row: number) => {
    const reference = `${columnName(column)}${row}`;
    if (value === '') return '';
    const style = styles[column];
    if (style && row > 1)
      return `<c r="${reference}"${style === 'price' ? ' s="1"' : ''}><v>${value}</v></c>`;
    return `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${encodeXml(value)}</t></is></c>`;
  };
  const lines: string[] = [];
  const all = [columns as string[], ...rows];
  for (let start = 0; start < all.length; start += ROWS_PER_TURN) {
    all.slice(start, start + ROWS_PER_TURN).forEach((values, offset) => {
      const row = start + offset + 1;
      lines.push(`<row r="${row}">${values.map((value, column) => cell(value, column, row)).join('')}</row>`);
    });
    await nextTurn();
  }
  const sheet = `${XML}<worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData>${lines.join('')}</sheetData></worksheet>`;
  return writeZip({
    '[Content_Types].xml': `${XML}<Types xmlns="${NS}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    '_rels/.rels': `${XML}<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML}<workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><sheets><sheet name="Catalogue" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${NS}/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    // Style 1 is the built-in number format 2, "0.00".
    'xl/styles.xml': `${XML}<styleSheet xmlns="${NS}/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="2"><xf/><xf numFmtId="2" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    'xl/worksheets/sheet1.xml': sheet,
  });
}
