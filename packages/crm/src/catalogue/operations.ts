import { randomInt } from 'node:crypto';
import { CATALOGUE_CONTENT_TYPES, type CatalogueImportReport } from '@storefront/contracts';
import { salesforceId } from '../core/ids';
import type { OperationsHandlers } from '../core/operations-handler';
import { OperationsRefusal } from '../core/operations-handler';
import { lockCatalogue } from '../db/locks';
import type { CrmDb } from '../db/open';
import { applyPlan } from './import/apply';
import { checkCatalogueFile } from './import/check-file';
import { EXPORT_COLUMNS, exportRows } from './import/export';
import { catalogueFormatOf, writeCatalogueFile } from './import/files';
import { CATALOGUE_LIMITS, type FileProblem } from './import/format';
import { type ImportPlan, type NewIds, planImport } from './import/plan';
import type { CheckedRow } from './import/rows';
import { loadCatalogueState } from './import/state';
import { recordCatalogueTerms } from './search/terms';

/** The catalogue through the operations API (docs/decisions/0056-catalogue-import.md). */

const newId = (prefix: string) => () => salesforceId(prefix, randomInt(2 ** 47));
const NEW_IDS: NewIds = { catalogue: newId('a0C'), category: newId('a0G'), item: newId('a0I') };

/** A report lists the first problems in row order and says how many more there were. */
function reported(problems: FileProblem[]): FileProblem[] {
  const sorted = [...problems].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  const shown = sorted.slice(0, CATALOGUE_LIMITS.problems);
  const more = sorted.length - shown.length;
  return more > 0
    ? [...shown, { row: null, column: null, message: `and ${more.toLocaleString('en-US')} more problems` }]
    : shown;
}

function refused(problems: FileProblem[]): OperationsRefusal {
  const [first] = [...problems].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  const where = first ? [first.row && `row ${first.row}`, first.column].filter(Boolean).join(', ') : '';
  return new OperationsRefusal(
    422,
    'CATALOGUE_REFUSED',
    `The file was refused, nothing was applied: ${problems.length.toLocaleString('en-US')} problem${problems.length === 1 ? '' : 's'}, the first ${where ? `at ${where}: ` : ''}${first?.message ?? ''}.`,
    reported(problems),
  );
}

/** Plans the rows against the storefront's catalogue and, unless only checking, applies the plan. */
async function importRows(
  db: CrmDb,
  storefrontId: string,
  rows: readonly CheckedRow[],
  apply: boolean,
): Promise<{ problems: FileProblem[] } | { plan: ImportPlan }> {
  if (apply) await lockCatalogue(db, storefrontId);
  const state = await loadCatalogueState(db, storefrontId);
  if (!state) throw new OperationsRefusal(404, 'NOT_FOUND', 'The storefront is not there any more.');
  const planned = await planImport(rows, state, NEW_IDS);
  if (apply && 'plan' in planned) {
    await applyPlan(db, state.organisationId, planned.plan);
    // The products' new words become corrections for misspelt searches.
    await recordCatalogueTerms(db, storefrontId);
  }
  return planned;
}

export const CATALOGUE_OPERATIONS: OperationsHandlers<'importCatalogue' | 'exportCatalogue'> = {
  importCatalogue: async (context, { query, file }) => {
    const dryRun = query.dryRun === 'true';
    const format = catalogueFormatOf(file.contentType);
    if (!format) throw new OperationsRefusal(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send a CSV, XLSX or JSON file.');
    const checked = await checkCatalogueFile(file.bytes, format);
    const report = (problems: FileProblem[], counts = { created: 0, updated: 0, unchanged: 0 }) =>
      ({
        applied: !dryRun && problems.length === 0,
        dryRun,
        rows: checked.rowCount,
        ...counts,
        problems: reported(problems),
      }) satisfies CatalogueImportReport;
    if (checked.problems.length > 0) {
      if (dryRun) return report(checked.problems);
      throw refused(checked.problems);
    }
    const outcome = dryRun
      ? await importRows(context.db, context.storefrontId, checked.rows, false)
      : // All or nothing: one transaction, which a refused row rolls back before anything is written.
        await context.db.transaction((tx) => importRows(tx, context.storefrontId, checked.rows, true));
    if ('problems' in outcome) {
      if (dryRun) return report(outcome.problems);
      throw refused(outcome.problems);
    }
    const { counts } = outcome.plan;
    if (!dryRun && counts.created + counts.updated > 0) await context.catalogueChanged(context.storefrontId);
    return report([], counts);
  },

  exportCatalogue: async (context, { query }) => {
    // One snapshot: an import committing meanwhile is either all in the file or not at all.
    const state = await context.db.transaction((tx) => loadCatalogueState(tx, context.storefrontId), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    if (!state) throw new OperationsRefusal(404, 'NOT_FOUND', 'The storefront is not there any more.');
    const bytes = await writeCatalogueFile(query.format, EXPORT_COLUMNS, await exportRows(state));
    return {
      file: {
        bytes,
        contentType: CATALOGUE_CONTENT_TYPES[query.format],
        fileName: `catalogue-${context.now().toISOString().slice(0, 10)}.${query.format}`,
      },
    };
  },
};
