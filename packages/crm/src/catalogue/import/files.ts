import { CATALOGUE_CONTENT_TYPES, type CatalogueFormat } from '@storefront/contracts';
import { readCsv, writeCsv } from './csv';
import type { CatalogueTable } from './format';
import { readJsonRows, writeJsonRows } from './json-rows';
import { type NumberStyle, readWorkbook, writeWorkbook } from './workbook';

/** A catalogue file read, or written, in any of its three formats. */

const READERS: Record<CatalogueFormat, (bytes: Uint8Array) => Promise<CatalogueTable>> = {
  csv: readCsv,
  xlsx: readWorkbook,
  json: readJsonRows,
};

/** The file's rows as text cells; a file that cannot be read throws CatalogueFileRefused. */
export const readCatalogueFile = (bytes: Uint8Array, format: CatalogueFormat): Promise<CatalogueTable> =>
  READERS[format](bytes);

/** Columns a spreadsheet shows as numbers. */
const NUMBER_COLUMNS = new Map<string, NumberStyle>([
  ['list_price', 'price'],
  ['price', 'price'],
  ['weight_kg', 'plain'],
]);

export function writeCatalogueFile(
  format: CatalogueFormat,
  columns: readonly string[],
  rows: readonly string[][],
): Promise<Uint8Array> {
  if (format === 'csv') return writeCsv(columns, rows);
  if (format === 'xlsx') return writeWorkbook(columns, rows, NUMBER_COLUMNS);
  return writeJsonRows(columns, rows);
}

/** The format a content type or a file name's extension names; null for none of the three. */
export function catalogueFormatOf(contentTypeOrName: string): CatalogueFormat | null {
  const value = contentTypeOrName.toLowerCase();
  for (const [format, type] of Object.entries(CATALOGUE_CONTENT_TYPES) as [CatalogueFormat, string][])
    if (value === type || value.endsWith(`.${format}`)) return format;
  return null;
}
