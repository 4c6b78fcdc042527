import {
  CATALOGUE_CONTENT_TYPES,
  type CatalogueFormat,
  type SynonymsImportReport,
} from '@storefront/contracts';
import type { OperationsContext, OperationsHandlers } from '../../core/operations-handler';
import { OperationsRefusal } from '../../core/operations-handler';
import { lockCatalogue } from '../../db/locks';
import { catalogueFormatOf, writeCatalogueFile } from '../import/files';
import { CATALOGUE_LIMITS, type FileProblem } from '../import/format';
import { replaceSynonyms, synonymsOf } from '../search';
import { checkSynonymsFile, groupChanges, SYNONYM_COLUMNS, synonymRows } from './synonyms-file';
import { ZERO_RESULT_COLUMNS, zeroResultRows } from './zero-results';

/**
 * The search's merchandising through the operations API (docs/decisions/0065-catalogue-search.md): the
 * synonyms in and out, and the searches that found nothing out.
 */

function refused(problems: FileProblem[]): OperationsRefusal {
  const [first] = problems;
  const where = first ? [first.row && `row ${first.row}`, first.column].filter(Boolean).join(', ') : '';
  return new OperationsRefusal(
    422,
    'SYNONYMS_REFUSED',
    `The file was refused, nothing was applied: ${problems.length.toLocaleString('en-US')} problem${problems.length === 1 ? '' : 's'}, the first ${where ? `at ${where}: ` : ''}${first?.message ?? ''}.`,
    problems.slice(0, CATALOGUE_LIMITS.problems),
  );
}

const fileAnswer = async (
  context: OperationsContext,
  name: string,
  format: CatalogueFormat,
  columns: readonly string[],
  rows: string[][],
) => ({
  file: {
    bytes: await writeCatalogueFile(format, columns, rows),
    contentType: CATALOGUE_CONTENT_TYPES[format],
    fileName: `${name}-${context.now().toISOString().slice(0, 10)}.${format}`,
  },
});

export const MERCHANDISING_OPERATIONS: OperationsHandlers<
  'importSynonyms' | 'exportSynonyms' | 'exportZeroResultQueries'
> = {
  importSynonyms: async (context, { query, file }) => {
    const dryRun = query.dryRun === 'true';
    const format = catalogueFormatOf(file.contentType);
    if (!format) throw new OperationsRefusal(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send a CSV, XLSX or JSON file.');
    const checked = await checkSynonymsFile(file.bytes, format);
    if (checked.problems.length > 0) {
      if (!dryRun) throw refused(checked.problems);
      return {
        applied: false,
        dryRun,
        rows: checked.rowCount,
        added: 0,
        removed: 0,
        unchanged: 0,
        problems: checked.problems.slice(0, CATALOGUE_LIMITS.problems),
      } satisfies SynonymsImportReport;
    }
    const changes = await context.db.transaction(async (tx) => {
      // One import at a time per storefront, as the catalogue's: the groups compared are the ones replaced.
      if (!dryRun) await lockCatalogue(tx, context.storefrontId);
      const changes = groupChanges(await synonymsOf(tx, context.storefrontId), checked.groups);
      // The same list again writes nothing: an export imported back is a no-op.
      if (!dryRun && changes.added + changes.removed > 0)
        await replaceSynonyms(tx, context.storefrontId, checked.groups);
      return changes;
    });
    if (!dryRun && changes.added + changes.removed > 0) await context.catalogueChanged(context.storefrontId);
    return {
      applied: !dryRun,
      dryRun,
      rows: checked.rowCount,
      ...changes,
      problems: [],
    } satisfies SynonymsImportReport;
  },

  exportSynonyms: async (context, { query }) =>
    fileAnswer(
      context,
      'synonyms',
      query.format,
      SYNONYM_COLUMNS,
      synonymRows(await synonymsOf(context.db, context.storefrontId)),
    ),

  exportZeroResultQueries: async (context, { query }) =>
    fileAnswer(
      context,
      'zero-result-queries',
      query.format,
      ZERO_RESULT_COLUMNS,
      await zeroResultRows(context.db, context.storefrontId),
    ),
};
