import type { ConfigurationMode, ProductDocument } from '@storefront/contracts';
import { z } from 'zod';
import type { ColdChain } from '../../shipping';
import {
  CellError,
  type NamedValue,
  readAddress,
  readAttributes,
  readCategoryPath,
  readColdChain,
  readConfiguration,
  readDocuments,
  readHazardClass,
  readLines,
  readMoney,
  readNamedValues,
  readSize,
  readStock,
  readTiers,
  readWeight,
  readYesNo,
  type Size,
  type Stock,
  shorten,
  type Tier,
  writeColdChain,
  writeDecimal,
  writeSize,
  writeStock,
  writeYesNo,
} from './cells';
import {
  CATALOGUE_COLUMNS,
  type CatalogueColumn,
  type CatalogueTable,
  type FileProblem,
  nextTurn,
  ROWS_PER_TURN,
} from './format';

/** A row's fields; a field left out is a column the file does not have (or a JSON object leaves out). */
export interface RowFields {
  accounts: string[];
  name: string;
  category: string[];
  createCategory: boolean;
  unit: string;
  shortDescription: string;
  description: string;
  specifications: NamedValue[];
  attributes: Record<string, string>;
  hazards: string[];
  images: string[];
  documents: ProductDocument[];
  requiresConfiguration: ConfigurationMode | null;
  discontinued: boolean;
  replacementSku: string | null;
  listPrice: number;
  price: number | null;
  tiers: Tier[];
  /** null: the cell is empty, the SKU's stock is stated by its other rows (or cleared when none states it). */
  stock: Stock[] | null;
  /**
   * The SKU's shipping profile, a column at a time; null: the cell is empty, stated by the SKU's other rows
   * (what an empty cell on all of them means: profiles.ts).
   */
  shippable: boolean | null;
  weightKg: number | null;
  sizeCm: Size | null;
  coldChain: ColdChain | null;
  hazardClass: string | null;
}

/** A row that passed every check, by its row number in the file; `catalogue` null is the full catalogue. */
export interface CheckedRow {
  row: number;
  catalogue: string | null;
  sku: string;
  fields: Partial<RowFields>;
}

/** A cell's text read by its column's reader; what the reader throws is the row's problem in that column. */
const cell = <T>(read: (text: string) => T) =>
  z.string().transform((text, ctx) => {
    if (text.includes('\u0000')) {
      ctx.addIssue({ code: 'custom', message: 'must not contain NUL' });
      return z.NEVER;
    }
    try {
      return read(text);
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  });

/** One line of text, trimmed: required ones must not be empty. */
const line = (max: number, required = false) =>
  cell((text) => {
    const value = text.trim();
    if (required && value === '') throw new CellError('must not be empty');
    if (/[\r\n]/.test(value)) throw new CellError('must be on one line');
    if (value.length > max) throw new CellError(`is longer than ${max} characters`);
    return value;
  });

const longText = (max: number) =>
  cell((text) => {
    const value = text.trim();
    if (value.length > max) throw new CellError(`is longer than ${max} characters`);
    return value;
  });

const required = <T>(read: (text: string) => T) =>
  cell((text) => {
    if (text.trim() === '') throw new CellError('must not be empty');
    return read(text);
  });

/** A cell whose emptiness means something of its own (null), else read by its column's reader. */
const optional = <T>(read: (text: string) => T) => cell((text) => (text.trim() === '' ? null : read(text)));

/**
 * A SKU: letters, digits and . _ / - + (what product numbers are written with), at most 64, kept in capitals
 * as quick order matches them (whatever the letter case a buyer types).
 */
const SKU = /^[A-Za-z0-9][A-Za-z0-9._/+-]{0,63}$/;
const readSku = (text: string) => {
  const sku = text.trim();
  if (!SKU.test(sku)) throw new CellError(`'${shorten(sku)}' is not a SKU (letters, digits and . _ / - +)`);
  return sku.toUpperCase();
};

/** Each column's reader; the keys are the file's column names. */
const ROW_SCHEMA = z.object({
  catalogue: line(255),
  accounts: cell((text) => readLines(text, 1000, 255)),
  sku: required(readSku),
  name: line(255, true),
  category: required(readCategoryPath),
  create_category: cell(readYesNo),
  unit: line(64, true),
  short_description: line(1000),
  description: longText(20_000),
  specifications: cell((text) => readNamedValues(text, 100)),
  attributes: cell(readAttributes),
  hazards: cell((text) => readLines(text, 50, 500)),
  images: cell((text) => readLines(text, 20, 2000).map(readAddress)),
  documents: cell(readDocuments),
  requires_configuration: cell(readConfiguration),
  discontinued: cell(readYesNo),
  replacement_sku: cell((text) => (text.trim() === '' ? null : readSku(text))),
  list_price: required(readMoney),
  price: cell((text) => (text.trim() === '' ? null : readMoney(text))),
  tiers: cell(readTiers),
  stock: optional(readStock),
  shippable: optional(readYesNo),
  weight_kg: optional(readWeight),
  size_cm: optional(readSize),
  cold_chain: optional(readColdChain),
  hazard_class: optional(readHazardClass),
} satisfies Record<CatalogueColumn, z.ZodType>);
/** Made once: a row may leave out any column (zod compiles each schema on its first use). */
const ANY_COLUMNS = ROW_SCHEMA.partial();
type ParsedRow = Partial<z.infer<typeof ROW_SCHEMA>>;

const isColumn = (name: string): name is CatalogueColumn =>
  (CATALOGUE_COLUMNS as readonly string[]).includes(name);

export interface RowCheck {
  rows: CheckedRow[];
  problems: FileProblem[];
}

/**
 * Every row of the table checked, and the rows checked against each other (a catalogue and SKU given once,
 * one stock and one shipping profile per SKU, each account in one catalogue). Runs in chunks of rows, telling `progress` how far it
 * got, so neither a server nor a terminal waits on one long step.
 */
export async function checkRows(
  table: CatalogueTable,
  progress: (done: number, total: number) => void = () => {},
): Promise<RowCheck> {
  const problems: FileProblem[] = [...table.problems];
  const headerRow = table.headerRow;
  const columns = table.columns.map((raw) => raw.trim().toLowerCase());
  // A header's columns are checked once; a JSON object's keys are checked with its row.
  if (headerRow !== null) {
    checkHeader(table, columns, problems);
    if (problems.some((problem) => problem.row === headerRow)) return { rows: [], problems };
  }

  const rows: CheckedRow[] = [];
  for (let start = 0; start < table.rows.length; start += ROWS_PER_TURN) {
    for (const { row, cells } of table.rows.slice(start, start + ROWS_PER_TURN)) {
      const checked = checkRow(row, columns, cells, problems);
      if (checked) rows.push(checked);
    }
    progress(Math.min(start + ROWS_PER_TURN, table.rows.length), table.rows.length);
    await nextTurn();
  }
  checkAcrossRows(rows, problems);
  return { rows, problems };
}

function checkHeader(table: CatalogueTable, columns: string[], problems: FileProblem[]): void {
  const headerRow = table.headerRow;
  const seen = new Set<string>();
  columns.forEach((name, index) => {
    if (!isColumn(name))
      problems.push({
        row: headerRow,
        column: table.columns[index] ?? name,
        message: `unknown column; the columns are ${CATALOGUE_COLUMNS.join(', ')}`,
      });
    else if (seen.has(name))
      problems.push({ row: headerRow, column: name, message: 'the column is given twice' });
    seen.add(name);
  });
  if (!seen.has('sku'))
    problems.push({ row: headerRow, column: 'sku', message: 'the file needs a sku column' });
}

function checkRow(
  row: number,
  columns: string[],
  cells: (string | null)[],
  problems: FileProblem[],
): CheckedRow | undefined {
  const input: Record<string, string> = {};
  columns.forEach((name, index) => {
    const value = cells[index];
    if (value !== null) input[name] = value ?? '';
  });
  // A JSON object names its own columns: one it has that no column is, is its problem.
  const unknown = Object.keys(input).filter((name) => !isColumn(name));
  for (const name of unknown)
    problems.push({
      row,
      column: name,
      message: `unknown column; the columns are ${CATALOGUE_COLUMNS.join(', ')}`,
    });
  if (!('sku' in input)) problems.push({ row, column: 'sku', message: 'every row needs a sku' });
  const parsed = ANY_COLUMNS.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push({ row, column: String(issue.path[0] ?? ''), message: issue.message });
    return undefined;
  }
  if (unknown.length > 0 || !parsed.data.sku) return undefined;
  return toCheckedRow(row, parsed.data, problems);
}

function toCheckedRow(row: number, data: ParsedRow, problems: FileProblem[]): CheckedRow | undefined {
  const sku = data.sku ?? '';
  if (data.replacement_sku && data.discontinued !== true) {
    problems.push({
      row,
      column: 'replacement_sku',
      message: 'only a discontinued product has a replacement; set discontinued to yes',
    });
    return undefined;
  }
  if (data.replacement_sku === sku) {
    problems.push({ row, column: 'replacement_sku', message: 'a product cannot replace itself' });
    return undefined;
  }
  const fields: Partial<RowFields> = {
    accounts: data.accounts,
    name: data.name,
    category: data.category,
    createCategory: data.create_category,
    unit: data.unit,
    shortDescription: data.short_description,
    description: data.description,
    specifications: data.specifications,
    attributes: data.attributes,
    hazards: data.hazards,
    images: data.images,
    documents: data.documents,
    requiresConfiguration: data.requires_configuration,
    discontinued: data.discontinued,
    replacementSku: data.replacement_sku,
    listPrice: data.list_price,
    price: data.price,
    tiers: data.tiers,
    stock: data.stock,
    shippable: data.shippable,
    weightKg: data.weight_kg,
    sizeCm: data.size_cm,
    coldChain: data.cold_chain,
    hazardClass: data.hazard_class,
  };
  for (const key of Object.keys(fields) as (keyof RowFields)[])
    if (fields[key] === undefined) delete fields[key];
  return { row, catalogue: data.catalogue ? data.catalogue : null, sku, fields };
}

/** Catalogue names and account names are matched whatever their letter case. */
export const nameKey = (name: string | null) => (name ?? '').toLowerCase();

/**
 * Columns that belong to the SKU whichever catalogue the row is of: the SKU's rows give one value or leave the
 * cell empty. Each with what it is of the SKU and its stated value as the file writes it (null: none stated).
 */
const OF_THE_SKU: [CatalogueColumn, string, (fields: Partial<RowFields>) => string | null][] = [
  ['stock', 'one stock', ({ stock }) => (stock ? writeStock(stock) : null)],
  [
    'shippable',
    'one shipping profile',
    ({ shippable }) => (shippable == null ? null : writeYesNo(shippable)),
  ],
  ['weight_kg', 'one shipping profile', ({ weightKg }) => (weightKg == null ? null : writeDecimal(weightKg))],
  ['size_cm', 'one shipping profile', ({ sizeCm }) => (sizeCm ? writeSize(sizeCm) : null)],
  ['cold_chain', 'one shipping profile', ({ coldChain }) => (coldChain ? writeColdChain(coldChain) : null)],
  ['hazard_class', 'one shipping profile', ({ hazardClass }) => hazardClass ?? null],
];

function checkAcrossRows(rows: readonly CheckedRow[], problems: FileProblem[]): void {
  const firstOf = new Map<string, number>();
  const statedOf = new Map<string, { row: number; value: string }>();
  const catalogueOfAccount = new Map<string, { row: number; catalogue: string }>();
  for (const { row, catalogue, sku, fields } of rows) {
    const key = `${nameKey(catalogue)}\n${sku}`;
    const first = firstOf.get(key);
    if (first !== undefined)
      problems.push({
        row,
        column: 'sku',
        message: `${sku} is given again for ${catalogue ?? 'the full catalogue'} (first in row ${first})`,
      });
    else firstOf.set(key, row);
    for (const [column, what, statedIn] of OF_THE_SKU) {
      const value = statedIn(fields);
      if (value === null) continue;
      const stated = statedOf.get(`${column}\n${sku}`);
      if (stated && stated.value !== value)
        problems.push({
          row,
          column,
          message: `differs from the ${column} of ${sku} in row ${stated.row}; a SKU has ${what} whichever catalogue`,
        });
      else if (!stated) statedOf.set(`${column}\n${sku}`, { row, value });
    }
    for (const account of fields.accounts ?? []) {
      const named = catalogueOfAccount.get(nameKey(account));
      if (named && named.catalogue !== nameKey(catalogue))
        problems.push({
          row,
          column: 'accounts',
          message: `${account} is named for another catalogue in row ${named.row}; an account buys from one catalogue`,
        });
      else catalogueOfAccount.set(nameKey(account), { row, catalogue: nameKey(catalogue) });
    }
  }
}
