/**
 * `npm run restore -- <file> [--data-dir <dir>] [--force]`: a backup from `npm run backup` becomes the embedded
 * database. It is restored into a new directory beside the data dir and opened there once; only then does it
 * take the data dir's place, so a failed restore leaves the data dir as it was.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import { dataDirHolder, openDatabase } from '@storefront/database';
import { runCommand, UsageError } from './command-line';
import { loadConfig } from './config';
import { OPERATIONS_TOKEN_FILE } from './operations-access';

const gunzip = promisify(gunzipCallback);

const USAGE = 'Usage: npm run restore -- <backup file> [--data-dir <dir>] [--force]';

async function restore(): Promise<string> {
  const { values, positionals } = parseArgs({
    options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1 || !positionals[0]) throw new UsageError('Name one backup file to restore.');
  const file = resolve(positionals[0]);
  const config = loadConfig();
  if (config.databaseUrl && !values['data-dir'])
    throw new Error(
      'DATABASE_URL is set: this storefront keeps its data in PostgreSQL, restored with pg_restore (see the README). Name --data-dir to restore an embedded database anyway.',
    );
  const dataDir = resolve(values['data-dir'] ?? config.dataDir);
  if (!existsSync(file)) throw new Error(`There is no backup file ${file}.`);
  const holder = dataDirHolder(dataDir);
  if (holder !== null)
    throw new Error(`The data dir ${dataDir} is in use by process ${holder}: stop the storefront first.`);
  const replacing = await hasEntries(dataDir);
  if (replacing && !values.force)
    throw new Error(
      `The data dir ${dataDir} is not empty: add --force to replace its database with the backup.`,
    );

  const staged = `${dataDir}.restoring-${process.pid}`;
  await mkdir(dirname(dataDir), { recursive: true });
  try {
    await rm(staged, { recursive: true, force: true });
    await openBackup(file, staged);
    // The token belonged to the storefront that took the backup; the next one started here writes its own.
    await rm(join(staged, OPERATIONS_TOKEN_FILE), { force: true });
    const previous = `${dataDir}.replaced-${process.pid}`;
    if (replacing || existsSync(dataDir)) await rename(dataDir, previous);
    await rename(staged, dataDir);
    await rm(previous, { recursive: true, force: true });
  } finally {
    await rm(staged, { recursive: true, force: true });
  }
  return `Restored ${file} into ${dataDir}${replacing ? ' (its previous database removed)' : ''}. Start the storefront with DATA_DIR=${dataDir}.`;
}

async function hasEntries(dir: string): Promise<boolean> {
  return (await readdir(dir).catch(() => [])).length > 0;
}

/** Unpacks the backup into `dir` by opening it as a database: a file that is no backup fails here. */
async function openBackup(file: string, dir: string): Promise<void> {
  const tar = await unpackedTar(file);
  const loadDataDir = new Blob([tar], { type: 'application/x-tar' });
  const database = await openDatabase({ dataDir: dir, loadDataDir }).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${file} could not be restored: its database does not open (${reason}).`);
  });
  await database.close();
}

/** The backup's tar, checked here: PGlite's own unpacking cannot report a damaged file to its caller. */
async function unpackedTar(file: string): Promise<Uint8Array<ArrayBuffer>> {
  const notABackup = `${file} is not a backup from npm run backup (a gzipped tar of the data dir)`;
  const tar = await gunzip(await readFile(file)).catch(() => {
    throw new Error(`${notABackup}.`);
  });
  // Every tar header says "ustar" at offset 257.
  if (tar.subarray(257, 262).toString('latin1') !== 'ustar') throw new Error(`${notABackup}.`);
  return new Uint8Array(tar);
}

await runCommand(USAGE, restore);
