import { type CatalogueFormat, MAX_SYNONYMS_FILE_BYTES } from '@storefront/contracts';
import { readCatalogueFile } from '../import/files';
import { CatalogueFileRefused, type CatalogueTable, type FileProblem } from '../import/format';
import { normaliseSearchText, searchTokens } from '../rules/search';
import type { SynonymGroup } from '../search';
import { LONGEST_SYNONYM } from '../search/match';

/**
 * The synonyms file (docs/decisions/0065-catalogue-search.md): one row per group of words a storefront's search
 * treats as the same, its terms in one `terms` cell separated by semicolons (`PE; phycoerythrin; R-PE`). The
 * file is the whole list: importing it replaces the storefront's groups, so an export imported again changes
 * nothing. CSV, an XLSX workbook's first sheet or a JSON array of `{"terms": …}`, as the catalogue file.
 */

export const SYNONYM_COLUMNS = ['terms'] as const;

export const SYNONYM_LIMITS = {
  /** Bytes of a file, checked before it is read. */
  fileBytes: MAX_SYNONYMS_FILE_BYTES,
  groups: 2_000,
  termsPerGroup: 20,
  termChars: 60,
} as const;

/** Letters, digits, spaces and the marks product names use (7-AAD, R-PE, Alexa Fluor 488, β-actin). */
const TERM = /^[\p{L}\p{N}][\p{L}\p{N} .,+\-/()'’]*$/u;

export interface CheckedSynonyms {
  /** Rows the file holds. */
  rowCount: number;
  /** Each group's terms (lower case, single spaces), in the file's order. */
  groups: SynonymGroup[];
  problems: FileProblem[];
}

/** A synonyms file read and every row checked; a file that cannot be read at all is one problem. */
export async function checkSynonymsFile(
  bytes: Uint8Array,
  format: CatalogueFormat,
): Promise<CheckedSynonyms> {
  if (bytes.byteLength > SYNONYM_LIMITS.fileBytes)
    return {
      rowCount: 0,
      groups: [],
      problems: [{ row: null, column: null, message: tooLarge(bytes.byteLength) }],
    };
  try {
    return checkTable(await readCatalogueFile(bytes, format));
  } catch (error) {
    if (error instanceof CatalogueFileRefused) return { rowCount: 0, groups: [], problems: [error.problem] };
    throw error;
  }
}

export const tooLarge = (bytes: number) =>
  `The file is ${(bytes / 1024).toFixed(0)} KB; a synonyms file may be at most ${SYNONYM_LIMITS.fileBytes / 1024} KB.`;

function checkTable(table: CatalogueTable): CheckedSynonyms {
  const problems: FileProblem[] = [...table.problems];
  const columns = table.columns.map((name) => name.trim().toLowerCase());
  const rowCount = table.rows.length;
  columns.forEach((name, index) => {
    if (name !== 'terms')
      problems.push({
        row: table.headerRow,
        column: table.columns[index] ?? name,
        message: `unknown column; a synonyms file has one column, ${SYNONYM_COLUMNS.join(', ')}`,
      });
  });
  if (!columns.includes('terms'))
    problems.push({ row: table.headerRow, column: 'terms', message: 'the file needs a terms column' });
  if (rowCount > SYNONYM_LIMITS.groups)
    problems.push({
      row: null,
      column: null,
      message: `The file has ${rowCount.toLocaleString('en-US')} groups; at most ${SYNONYM_LIMITS.groups.toLocaleString('en-US')}.`,
    });
  if (problems.length > 0) return { rowCount, groups: [], problems };

  const at = columns.indexOf('terms');
  const groups: SynonymGroup[] = [];
  const groupOf = new Map<string, number>();
  for (const { row, cells } of table.rows) {
    const terms = checkRow(row, cells[at] ?? '', problems);
    if (!terms) continue;
    for (const term of terms) {
      const earlier = groupOf.get(term);
      if (earlier !== undefined)
        problems.push({
          row,
          column: 'terms',
          message: `'${term}' is also in row ${earlier}; a term belongs to one group (merge the two rows)`,
        });
      else groupOf.set(term, row);
    }
    groups.push({ terms });
  }
  return { rowCount, groups: problems.length > 0 ? [] : groups, problems };
}

/** A row's distinct normal terms, or undefined with its problems recorded. */
function checkRow(row: number, cell: string, problems: FileProblem[]): string[] | undefined {
  const problem = (message: string) => {
    problems.push({ row, column: 'terms', message });
    return undefined;
  };
  const terms = [...new Set(cell.split(';').map(normaliseSearchText).filter(Boolean))];
  if (terms.length < 2)
    return problem('a group needs two terms or more, separated by semicolons (PE; phycoerythrin)');
  if (terms.length > SYNONYM_LIMITS.termsPerGroup)
    return problem(`holds ${terms.length} terms; at most ${SYNONYM_LIMITS.termsPerGroup}`);
  const lengthy = terms.find((term) => term.length > SYNONYM_LIMITS.termChars);
  if (lengthy)
    return problem(`'${lengthy.slice(0, 30)}…' is longer than ${SYNONYM_LIMITS.termChars} characters`);
  const odd = terms.find((term) => !TERM.test(term));
  if (odd)
    return problem(
      `'${odd}' may hold letters, digits, spaces and . , + - / ( ) ' only, and starts with a letter or digit`,
    );
  const long = terms.find((term) => term.split(' ').length > LONGEST_SYNONYM);
  if (long)
    return problem(
      `'${long}' has more than ${LONGEST_SYNONYM} words, more than a search matches as one term`,
    );
  // The search reads a typed phrase word by word, signs around a word dropped: a term must read the same.
  const unread = terms.find((term) => searchTokens(term).join(' ') !== term);
  if (unread) return problem(`'${unread}' is searched as '${searchTokens(unread).join(' ')}'; write it so`);
  return terms;
}

/** The file's rows for a storefront's groups: terms in order within a group, groups by their first term. */
export function synonymRows(groups: readonly SynonymGroup[]): string[][] {
  return groups
    .map(({ terms }) => terms.join('; '))
    .sort((a, b) => a.localeCompare(b))
    .map((cell) => [cell]);
}

/** Groups added, removed and kept by replacing `before` with `after`, whatever the order of groups or terms. */
export function groupChanges(
  before: readonly SynonymGroup[],
  after: readonly SynonymGroup[],
): { added: number; removed: number; unchanged: number } {
  const keys = (groups: readonly SynonymGroup[]) =>
    new Set(groups.map(({ terms }) => [...terms].sort().join(';')));
  const was = keys(before);
  const will = keys(after);
  const unchanged = [...will].filter((key) => was.has(key)).length;
  return { added: will.size - unchanged, removed: was.size - unchanged, unchanged };
}
