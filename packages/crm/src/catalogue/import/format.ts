/**
 * The catalogue file (docs/decisions/0056-catalogue-import.md): one row per catalogue and SKU, the same
 * columns in CSV, in an XLSX workbook's first sheet and as the keys of JSON objects. What the operations API
 * imports and exports, and what `npm run catalogue` checks before it uploads.
 */

/** The columns in the order an export writes them; an import may leave any out but `sku`. */
export const CATALOGUE_COLUMNS = [
  'catalogue',
  'accounts',
  'sku',
  'name',
  'category',
  'create_category',
  'unit',
  'short_description',
  'description',
  'specifications',
  'attributes',
  'hazards',
  'images',
  'documents',
  'requires_configuration',
  'discontinued',
  'replacement_sku',
  'list_price',
  'price',
  'tiers',
  'stock',
  'shippable',
  'weight_kg',
  'size_cm',
  'cold_chain',
  'hazard_class',
] as const;
export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];

/** What every column holds, for the README and for an unknown column's message. */
export const COLUMN_MEANINGS: Record<CatalogueColumn, string> = {
  catalogue: "The catalogue's name; empty: the storefront's full catalogue.",
  accounts:
    'Accounts (by name, one per line) that buy from this catalogue; empty: unchanged. Naming accounts creates a catalogue the storefront does not have yet.',
  sku: 'The product number; with the catalogue it names the row.',
  name: 'The product name.',
  category: 'The category path, `Parent > Child`.',
  create_category:
    '`yes` creates a category the storefront does not have; otherwise an unknown category is refused.',
  unit: "The pack size or unit of sale, e.g. '100 tests'.",
  short_description: 'One line under the name in lists.',
  description: 'The product page text.',
  specifications: 'Lines `Name: value`, the product page table in order.',
  attributes: 'Lines `Field: value`, the filters (Application, Format, Species, Conjugate, Brand, ...).',
  hazards: 'Hazard statements of the safety data sheet, one per line.',
  images: 'Image addresses (https:// or /path), one per line; the first is the card picture.',
  documents: 'Lines `Title: address` (data sheet, manual, certificate).',
  requires_configuration: 'Empty, or Needs, Suggests, Upload Configuration, Upload, Upload Add.',
  discontinued: '`yes`: no longer sold; left out of lists, search and quick order.',
  replacement_sku: 'What a discontinued product is replaced by; quick order names it.',
  list_price: 'The list price, e.g. 120.00.',
  price: "The catalogue's own price (an account catalogue's negotiated price); empty: the list price.",
  tiers: 'Quantity tiers `from-to:price;from+:price`, e.g. `1-9:120.00;10+:108.00`.',
  stock:
    'Per warehouse `warehouse:quantity:lead days`, e.g. `BOS:120:2;LEI:0:14`; one SKU has one stock, whichever catalogue.',
  shippable:
    "`no` for what is not shipped (services, training, warranties); empty: yes. With the next four the SKU's shipping profile, one whichever catalogue; a SKU without one ships as 0.5 kg, 20 x 15 x 8 cm, ambient.",
  weight_kg: 'One unit as packed, in kg, e.g. 0.25; empty: unchanged.',
  size_cm: 'Its box, `length x width x height` in cm, e.g. `30 x 20 x 15`; empty: unchanged.',
  cold_chain: '`ambient`, `cold packs` (stored at 2–8 °C) or `dry ice` (stored at −20 °C); empty: ambient.',
  hazard_class: 'The UN dangerous-goods class in transport (3, 6.1, 8, ...); empty: not dangerous goods.',
};

/**
 * Bounds of a file, checked while it is read and before anything is applied. 50,000 rows: the 20,000
 * products in the full catalogue and in a couple of account catalogues; a bigger storefront splits its file.
 */
export const CATALOGUE_LIMITS = {
  rows: 50_000,
  /** Columns of a sheet or CSV; a sheet's cells past it are refused before any is read. */
  columns: 40,
  /** Characters of one cell, read or not (a description has 20,000 at most). */
  cellChars: 32_768,
  /** A workbook's parts and what the parts read inflate to. */
  workbookEntries: 100,
  workbookInflatedBytes: 128 * 1024 * 1024,
  /** Problems a report lists; past them it says how many more there were. */
  problems: 500,
} as const;

/** A file as read: its header and each row's cells by column, with the row's number in the file. */
export interface CatalogueTable {
  columns: string[];
  rows: { row: number; cells: (string | null)[] }[];
  /** The header's row number (1 in CSV and XLSX); JSON has none. */
  headerRow: number | null;
  /** Cells the reader could not take as text (a JSON value that is a list), by row and column. */
  problems: FileProblem[];
}

export interface FileProblem {
  row: number | null;
  column: string | null;
  message: string;
}

/** A file the reader refused as a whole (not UTF-8, not a workbook, too many rows). */
export class CatalogueFileRefused extends Error {
  constructor(readonly problem: FileProblem) {
    super(problem.message);
    this.name = 'CatalogueFileRefused';
  }
}

/** Lets other work run between chunks of rows: no parse holds the event loop for long. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Rows checked or read between two turns. */
export const ROWS_PER_TURN = 500;
