import type { CatalogueFormat } from '@storefront/contracts';
import { readCatalogueFile } from './files';
import { CatalogueFileRefused, type FileProblem } from './format';
import { type CheckedRow, checkRows } from './rows';

export interface CheckedFile {
  /** Rows the file holds, checked or refused. */
  rowCount: number;
  rows: CheckedRow[];
  problems: FileProblem[];
}

/**
 * A catalogue file read and every row checked, without the storefront: what the operations API does first,
 * and what `npm run catalogue` does before it uploads (with a progress bar). A file that cannot be read at all
 * is one problem.
 */
export async function checkCatalogueFile(
  bytes: Uint8Array,
  format: CatalogueFormat,
  progress?: (done: number, total: number) => void,
): Promise<CheckedFile> {
  try {
    const table = await readCatalogueFile(bytes, format);
    const { rows, problems } = await checkRows(table, progress);
    return { rowCount: table.rows.length, rows, problems };
  } catch (error) {
    if (error instanceof CatalogueFileRefused) return { rowCount: 0, rows: [], problems: [error.problem] };
    throw error;
  }
}
