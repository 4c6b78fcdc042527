/**
 * `npm run catalogue -- import <file>` and `npm run catalogue -- export <file>`: a storefront's catalogue in and
 * out as CSV, XLSX or JSON (by the file's extension), through the running storefront's operations API, so its
 * caches show an import at once. `import-synonyms` and `export-synonyms` do the same for the search's synonym
 * groups, and `zero-results` writes the searches that found nothing (docs/decisions/0065-catalogue-search.md). An import is checked here first, row by row with a progress bar in a
 * terminal, with the very checks the storefront makes; a refused file prints each problem by row and column and
 * exits with 1 (docs/decisions/0056-catalogue-import.md).
 */
import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  CATALOGUE_CONTENT_TYPES,
  type CatalogueFormat,
  type CatalogueImportReport,
  IDEMPOTENCY_KEY_HEADER,
  MAX_CATALOGUE_FILE_BYTES,
  MAX_SYNONYMS_FILE_BYTES,
  type SynonymsImportReport,
} from '@storefront/contracts';
import { catalogueFormatOf, checkCatalogueFile, checkSynonymsFile } from '@storefront/crm';
import { runCommand, UsageError } from './command-line';
import {
  OPERATIONS_CLIENT_OPTIONS,
  OPERATIONS_CLIENT_USAGE,
  type OperationsClient,
  operationsClient,
  refusalOf,
} from './operations-client';

const USAGE = `Usage:
  npm run catalogue -- import <file.csv|file.xlsx|file.json> [--dry-run]
  npm run catalogue -- export <file.csv|file.xlsx|file.json>
  npm run catalogue -- import-synonyms <file.csv|file.xlsx|file.json> [--dry-run]
  npm run catalogue -- export-synonyms <file.csv|file.xlsx|file.json>
  npm run catalogue -- zero-results <file.csv|file.xlsx|file.json>
${OPERATIONS_CLIENT_USAGE}`;

const VERBS = ['import', 'export', 'import-synonyms', 'export-synonyms', 'zero-results'] as const;
type Verb = (typeof VERBS)[number];
const isVerb = (verb: string | undefined): verb is Verb => VERBS.includes(verb as Verb);

type Problem = CatalogueImportReport['problems'][number];

async function command(): Promise<string> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      ...OPERATIONS_CLIENT_OPTIONS,
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const [verb, file, ...rest] = positionals;
  if (!isVerb(verb) || !file || rest.length > 0)
    throw new UsageError(`Say ${VERBS.join(', ')}, and the file.`);
  const format = catalogueFormatOf(file);
  if (!format) throw new UsageError(`${file}: the file's name must end in .csv, .xlsx or .json.`);
  const api = operationsClient(values);
  const path = resolve(file);
  switch (verb) {
    case 'import':
      return importFile(api, path, format, values['dry-run']);
    case 'import-synonyms':
      return importSynonyms(api, path, format, values['dry-run']);
    case 'export':
      return exportFile(api, `/catalogue/export?format=${format}`, path, 'the catalogue');
    case 'export-synonyms':
      return exportFile(api, `/catalogue/synonyms?format=${format}`, path, 'the search synonyms');
    case 'zero-results':
      return exportFile(
        api,
        `/catalogue/zero-result-queries?format=${format}`,
        path,
        'the searches that found nothing',
      );
  }
}

/** A file's bytes, refused by its size before it is read. */
async function boundedFile(file: string, maxBytes: number, kind: string) {
  const size = (
    await stat(file).catch(() => {
      throw new Error(`There is no file ${file}.`);
    })
  ).size;
  if (size > maxBytes)
    throw new Error(
      `${basename(file)} is ${megabytes(size)}; a ${kind} file may be at most ${megabytes(maxBytes)}. Split it.`,
    );
  return readFile(file);
}

async function importFile(
  api: OperationsClient,
  file: string,
  format: CatalogueFormat,
  dryRun: boolean,
): Promise<string> {
  const bytes = await boundedFile(file, MAX_CATALOGUE_FILE_BYTES, 'catalogue');
  const bar = progressBar('Checking rows');
  const checked = await checkCatalogueFile(bytes, format, bar.update);
  bar.done();
  if (checked.problems.length > 0)
    throw refusedWith(checked.problems, `${basename(file)} was not sent: it has`);
  if (process.stdout.isTTY)
    process.stdout.write(
      `${dryRun ? 'Checking' : 'Importing'} ${checked.rowCount.toLocaleString('en-US')} rows on the storefront …\n`,
    );
  const report = await sendFile<CatalogueImportReport>(
    api,
    `/catalogue/import?dryRun=${dryRun}`,
    format,
    bytes,
  );
  if (report.problems.length > 0) throw refusedWith(report.problems, 'The dry run found');
  const counts = `${report.rows.toLocaleString('en-US')} rows: ${report.created.toLocaleString('en-US')} created, ${report.updated.toLocaleString('en-US')} updated, ${report.unchanged.toLocaleString('en-US')} unchanged`;
  return report.applied
    ? `Imported ${basename(file)}, ${counts}.`
    : `Checked ${basename(file)} (a dry run, nothing applied), ${counts}.`;
}

/** Posts a checked file once (a fresh idempotency key) and reads its report; a refusal is thrown as the command prints it. */
async function sendFile<Report>(
  api: OperationsClient,
  path: string,
  format: CatalogueFormat,
  bytes: Awaited<ReturnType<typeof boundedFile>>,
): Promise<Report> {
  const response = await api.call(path, {
    method: 'POST',
    headers: { 'content-type': CATALOGUE_CONTENT_TYPES[format], [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    body: bytes,
  });
  if (response.ok) return (await response.json()) as Report;
  const refusal = await refusalOf(response);
  if (refusal.problems?.length)
    throw refusedWith(refusal.problems, `${refusal.message}\nThe storefront found`);
  throw new Error(`${refusal.message} (HTTP ${response.status})`);
}

/** The problems, one a line by row and column: the command prints them and exits with 1. */
function refusedWith(problems: readonly Problem[], lead: string): Error {
  const lines = problems.map(
    (problem) =>
      `  ${[problem.row === null ? null : `row ${problem.row}`, problem.column].filter(Boolean).join(', ') || 'file'}: ${problem.message}`,
  );
  return new Error(
    `${lead} ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was applied:\n${lines.join('\n')}`,
  );
}

/**
 * The synonyms file checked here as the storefront checks it, then sent: it replaces the storefront's groups
 * (the same groups again change nothing).
 */
async function importSynonyms(
  api: OperationsClient,
  file: string,
  format: CatalogueFormat,
  dryRun: boolean,
): Promise<string> {
  const bytes = await boundedFile(file, MAX_SYNONYMS_FILE_BYTES, 'synonyms');
  const checked = await checkSynonymsFile(bytes, format);
  if (checked.problems.length > 0)
    throw refusedWith(checked.problems, `${basename(file)} was not sent: it has`);
  const report = await sendFile<SynonymsImportReport>(
    api,
    `/catalogue/synonyms?dryRun=${dryRun}`,
    format,
    bytes,
  );
  const counts = `${report.rows.toLocaleString('en-US')} groups: ${report.added} added, ${report.removed} removed, ${report.unchanged} unchanged`;
  return report.applied
    ? `Imported ${basename(file)}, ${counts}.`
    : `Checked ${basename(file)} (a dry run, nothing applied), ${counts}.`;
}

async function exportFile(api: OperationsClient, path: string, file: string, what: string): Promise<string> {
  const response = await api.call(path);
  if (!response.ok) {
    const refusal = await refusalOf(response);
    throw new Error(`${refusal.message} (HTTP ${response.status})`);
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  // Written beside the target and renamed at the end: a failed export leaves no file that looks complete.
  const partial = `${file}.partial`;
  try {
    await writeFile(partial, bytes);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return `Exported ${what} to ${file} (${megabytes(bytes.length)}).`;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A bar redrawn in place, only when a person watches the terminal; a pipe or a log gets nothing. */
function progressBar(label: string) {
  const tty = process.stdout.isTTY === true;
  const width = 30;
  return {
    update: (done: number, total: number) => {
      if (!tty || total === 0) return;
      const filled = Math.round((done / total) * width);
      process.stdout.write(
        `\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`,
      );
    },
    done: () => {
      if (tty) process.stdout.write('\n');
    },
  };
}

await runCommand(USAGE, command);
