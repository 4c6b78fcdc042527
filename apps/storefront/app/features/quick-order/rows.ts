import { QUICK_ORDER_MAX_ROWS } from '@storefront/contracts/crm-quick-order';

/**
 * Reading a quick order list: lines of 'SKU, qty', 'SKU<TAB>qty', 'SKU;qty' or 'SKU qty' (a SKU alone is one
 * of it), pasted or read from a CSV or a spreadsheet's cells. A SKU named on several lines is one row with the
 * quantities added up, so the buyer sees one price for it; the lines it came from are kept for the preview.
 */

export interface ParsedRow {
  /** The first line the SKU is on (1-based), the line a message points at. */
  line: number;
  sku: string;
  qty: number;
  /** The further lines whose quantity was added to this row. */
  mergedLines: number[];
}

export interface RowProblem {
  line: number;
  /** What the line said, so the buyer finds it. */
  text: string;
  message: string;
}

export type ParsedList =
  | { ok: true; rows: ParsedRow[]; problems: RowProblem[] }
  | { ok: false; message: string };

/** The largest quantity a cart line takes. */
const MAX_QTY = 100_000;
const MAX_SKU_LENGTH = 64;
const SKU_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._/-]*$/u;
/** A first line like 'SKU,Quantity' names the columns; it is not an order line. */
const HEADER = /^(sku|item|item number|product|product code|part|part number|catalog(ue)? number)$/i;

/** Splits CSV or pasted text into lines of cells (quoted CSV cells may hold the separator or a quote). */
export function textCells(text: string): string[][] {
  return text.split(/\r\n|\n|\r/).map(lineCells);
}

function lineCells(line: string): string[] {
  const trimmed = line.trim();
  if (trimmed === '') return [];
  const separator = [',', '\t', ';'].find((candidate) => trimmed.includes(candidate));
  if (!separator) return trimmed.split(/\s+/);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < trimmed.length; i += 1) {
    const char = trimmed[i];
    if (quoted) {
      if (char === '"' && trimmed[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** The rows of a list of cell lines (line numbers 1-based, in the order given). */
export function parseCells(lines: readonly (readonly string[])[]): ParsedList {
  const filled = lines.filter((cells) => cells.some((cell) => cell.trim() !== '')).length;
  if (filled === 0)
    return { ok: false, message: 'The list is empty: paste SKUs with quantities, or choose a file.' };
  if (filled > QUICK_ORDER_MAX_ROWS + 1) {
    return {
      ok: false,
      message: `The list has ${filled.toLocaleString('en-US')} rows; a quick order takes at most ${QUICK_ORDER_MAX_ROWS.toLocaleString('en-US')}. Split it into several orders.`,
    };
  }
  const bySku = new Map<string, ParsedRow>();
  const problems: RowProblem[] = [];
  let seenFirst = false;
  lines.forEach((raw, index) => {
    const cells = raw.map((cell) => cell.trim());
    if (!cells.some((cell) => cell !== '')) return;
    const line = index + 1;
    const [skuCell = '', qtyCell = ''] = cells;
    const isFirst = !seenFirst;
    seenFirst = true;
    if (isFirst && HEADER.test(skuCell)) return;
    const text = cells.filter((cell) => cell !== '').join(', ');
    const problem = cellProblem(skuCell, qtyCell);
    if (problem) {
      problems.push({ line, text, message: problem });
      return;
    }
    const sku = skuCell.toUpperCase();
    const qty = qtyCell === '' ? 1 : Number(qtyCell);
    const earlier = bySku.get(sku);
    if (!earlier) bySku.set(sku, { line, sku, qty, mergedLines: [] });
    else if (earlier.qty + qty > MAX_QTY) {
      problems.push({
        line,
        text,
        message: `${sku} would add up to more than ${MAX_QTY.toLocaleString('en-US')}.`,
      });
    } else
      bySku.set(sku, { ...earlier, qty: earlier.qty + qty, mergedLines: [...earlier.mergedLines, line] });
  });
  const rows = [...bySku.values()];
  if (rows.length > QUICK_ORDER_MAX_ROWS) {
    return {
      ok: false,
      message: `The list names ${rows.length.toLocaleString('en-US')} SKUs; a quick order takes at most ${QUICK_ORDER_MAX_ROWS.toLocaleString('en-US')}. Split it into several orders.`,
    };
  }
  return { ok: true, rows, problems };
}

function cellProblem(sku: string, qty: string): string | null {
  if (sku === '') return 'This line has no SKU.';
  if (sku.length > MAX_SKU_LENGTH || !SKU_PATTERN.test(sku)) {
    return `"${sku.slice(0, 24)}" is not a SKU: a SKU is letters and digits, with - _ . or / between them.`;
  }
  if (qty === '') return null;
  if (!/^\d+$/.test(qty)) return `The quantity "${qty}" is not a whole number.`;
  const value = Number(qty);
  if (value < 1) return 'The quantity must be at least 1.';
  if (value > MAX_QTY) return `The quantity must be at most ${MAX_QTY.toLocaleString('en-US')}.`;
  return null;
}

/** Pasted text or a CSV file's text. */
export function parseList(text: string): ParsedList {
  return parseCells(textCells(text));
}
