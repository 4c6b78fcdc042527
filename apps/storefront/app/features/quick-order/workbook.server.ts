import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { readZip, type ZipLimits } from '@storefront/contracts/zip-archive';

/**
 * The first sheet of an uploaded Excel workbook, as text cells, read within bounds a list of SKUs never
 * reaches (docs/decisions/0036-quick-order-and-cpq.md):
 * - the archive is read first with the shared bounded reader: at most 100 entries, 2 MB inflated in all;
 * - its cells are counted before any parser sees them: rows up to 5,000, columns up to Z (the parser fills
 *   every row out to the widest, so one far cell would make a grid of billions);
 * - the parser (read-excel-file) runs in a worker thread, never on the thread that answers requests, with a
 *   heap of its own and a time budget, two at a time.
 */

export const WORKBOOK_LIMITS: ZipLimits = { maxEntries: 100, maxInflatedBytes: 2 * 1024 * 1024 };
export const SHEET_MAX_ROWS = 5_000;
export const SHEET_MAX_COLUMNS = 26;
/** Longer than any SKU or quantity; a longer cell is shown cut. */
export const CELL_MAX_CHARS = 100;
export const READ_BUDGET_MS = 5_000;
const WORKER_HEAP_MB = 64;
const READERS_AT_ONCE = 2;
const READERS_WAITING = 8;

const SAVE_AS_CSV = 'copy the SKUs and quantities into a new workbook, or save the sheet as .csv.';
export const WORKBOOK_MESSAGES = {
  unreadable: 'The file is not an Excel workbook we can read; save it as .xlsx or .csv.',
  'too-large': `The workbook unpacks to more than ${WORKBOOK_LIMITS.maxInflatedBytes / 1024 / 1024} MB, far more than a list of SKUs needs; ${SAVE_AS_CSV}`,
  'too-many-entries': `The workbook holds more than ${WORKBOOK_LIMITS.maxEntries} parts (sheets, pictures and the like); ${SAVE_AS_CSV}`,
  grid: `The workbook has cells beyond row ${SHEET_MAX_ROWS.toLocaleString('en-US')} or column Z; keep the SKUs and quantities in columns A and B, or save the sheet as .csv.`,
  slow: 'The workbook could not be read in time; save the sheet as .csv and choose that file.',
  busy: 'Many workbooks are being read right now; try again in a minute, or choose a .csv file.',
} as const;

export type SheetRead = { ok: true; rows: string[][] } | { ok: false; message: string };

export async function readFirstSheet(bytes: Buffer): Promise<SheetRead> {
  const archive = readZip(bytes, WORKBOOK_LIMITS);
  if (!archive.ok) return { ok: false, message: WORKBOOK_MESSAGES[archive.refusal] };
  if (!cellsWithinBounds(archive.entries.values())) return { ok: false, message: WORKBOOK_MESSAGES.grid };
  return inTurn(() => parseInWorker(bytes));
}

/** A row or cell element and its attributes (a quoted value may hold '>'), with or without a namespace prefix. */
const ROW_OR_CELL = /<(?:[A-Za-z_][\w.-]*:)?(row|c)(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
/** Every `r` attribute of a tag, as written: the parser drops an attribute's prefix, so `x:r` is one too. */
const REFERENCES = /(?:^|\s)(?!xmlns:)(?:[\w.-]+:)?r\s*=\s*(["'])(.*?)\1/g;

/**
 * Whether every row and cell of every part lies inside the bounds, their `r` attributes read as the parser
 * reads them. Only sheets have rows and cells.
 */
function cellsWithinBounds(parts: Iterable<Buffer>): boolean {
  let rows = 0;
  for (const part of parts) {
    for (const [, element, attributes = ''] of part.toString('utf8').matchAll(ROW_OR_CELL)) {
      if (element === 'row' && ++rows > SHEET_MAX_ROWS) return false;
      for (const [, , reference = ''] of attributes.matchAll(REFERENCES)) {
        if (!referenceWithinBounds(element === 'row', reference)) return false;
      }
    }
  }
  return true;
}

/**
 * A row's number, or a cell's address ('B12': the characters before the first digit are the column, counted
 * as letters, the rest is the row number), as the parser computes them. A reference written with character
 * entities, which the parser decodes, is refused: no spreadsheet program writes one.
 */
function referenceWithinBounds(isRow: boolean, reference: string): boolean {
  if (reference.includes('&')) return false;
  if (isRow) return Number(reference) <= SHEET_MAX_ROWS;
  const firstDigit = reference.search(/\d/);
  if (firstDigit < 0) return true; // no address: the parser refuses the sheet
  let column = 0;
  for (const letter of reference.slice(0, firstDigit)) column = column * 26 + letter.charCodeAt(0) - 64;
  return column <= SHEET_MAX_COLUMNS && Number(reference.slice(firstDigit)) <= SHEET_MAX_ROWS;
}

/**
 * The worker's code. It reads the sheet with read-excel-file's universal build (which finds entries through
 * the central directory, as the bounded reader did) and answers text cells cut to CELL_MAX_CHARS: a long
 * shared string named by many cells is copied once per cell on the way back.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readSheet } = require(workerData.parser);
const text = (cell) =>
  cell === null || cell === undefined ? '' : cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell);
const bytes = workerData.bytes;
readSheet(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)).then(
  (rows) => parentPort.postMessage({ rows: rows.map((row) => row.map((cell) => text(cell).slice(0, workerData.maxChars))) }),
  () => parentPort.postMessage({ unreadable: true }),
);
`;

let parser: string | undefined;

function parseInWorker(bytes: Buffer): Promise<SheetRead> {
  parser ??= createRequire(import.meta.url).resolve('read-excel-file/universal');
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { parser, bytes: new Uint8Array(bytes), maxChars: CELL_MAX_CHARS },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 8 },
    });
    const settle = (read: SheetRead) => {
      clearTimeout(budget);
      resolve(read);
      void worker.terminate();
    };
    const budget = setTimeout(() => settle({ ok: false, message: WORKBOOK_MESSAGES.slow }), READ_BUDGET_MS);
    worker.once('message', (answer: { rows?: string[][] }) =>
      settle(
        answer.rows ? { ok: true, rows: answer.rows } : { ok: false, message: WORKBOOK_MESSAGES.unreadable },
      ),
    );
    // Out of its heap, or gone for another reason: the workbook is more than it can read.
    worker.once('error', () => settle({ ok: false, message: WORKBOOK_MESSAGES.slow }));
    worker.once('exit', () => settle({ ok: false, message: WORKBOOK_MESSAGES.slow }));
  });
}

let reading = 0;
const waiting: (() => void)[] = [];

/** At most READERS_AT_ONCE workers (each with its heap); a few more wait their turn, the rest are refused. */
async function inTurn(read: () => Promise<SheetRead>): Promise<SheetRead> {
  if (reading < READERS_AT_ONCE) reading += 1;
  else if (waiting.length >= READERS_WAITING) return { ok: false, message: WORKBOOK_MESSAGES.busy };
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await read();
  } finally {
    // The turn passes to the next waiting read, or is given back.
    const next = waiting.shift();
    if (next) next();
    else reading -= 1;
  }
}
