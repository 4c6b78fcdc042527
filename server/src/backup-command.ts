/**
 * `npm run backup [-- --out <file>]`: the embedded database (DATA_DIR) as a gzipped tarball. With no storefront
 * running, it opens the data dir itself (holding its lock meanwhile); while one runs, that storefront takes the
 * backup (POST /operations/backup with the operations token), as only it may open the data dir.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { dataDirHolder, isDataDir, openDatabase } from '@storefront/database';
import { runCommand } from './command-line';
import { loadConfig, type ServerConfig } from './config';
import { OPERATIONS_TOKEN_FILE } from './operations-access';
import { POSTGRES_BACKUP_ADVICE } from './operations-routes';

const USAGE = 'Usage: npm run backup [-- --out <file>]   (default: backups/storefront-<time>.tar.gz)';

async function backup(): Promise<string> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  if (config.databaseUrl) throw new Error(POSTGRES_BACKUP_ADVICE);
  const { dataDir } = config;
  if (!isDataDir(dataDir))
    throw new Error(
      `There is no embedded database in ${dataDir}: start the storefront once (npm start), or set DATA_DIR to its data dir.`,
    );
  const out = resolve(values.out ?? defaultBackupFile());
  await mkdir(dirname(out), { recursive: true });
  // Written beside the target and renamed at the end: a failed backup leaves no file that looks complete.
  const partial = `${out}.partial`;
  const holder = dataDirHolder(dataDir);
  try {
    if (holder === null) await writeOfflineBackup(dataDir, partial);
    else await downloadBackup(config, holder, partial);
    await rename(partial, out);
  } finally {
    await rm(partial, { force: true });
  }
  const megabytes = ((await stat(out)).size / 1024 / 1024).toFixed(1);
  const by = holder === null ? '' : ` by the running storefront (process ${holder})`;
  return `Backup of ${dataDir} taken${by}: ${out} (${megabytes} MB).`;
}

/** backups/storefront-2026-11-23T10-15-00Z.tar.gz: sorts by time, and colons are not allowed everywhere. */
function defaultBackupFile(): string {
  const time = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return join('backups', `storefront-${time}.tar.gz`);
}

async function writeOfflineBackup(dataDir: string, file: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    if (!database.backup) throw new Error(`The database in ${dataDir} cannot be backed up this way.`);
    await writeFile(file, Buffer.from(await (await database.backup()).arrayBuffer()));
  } finally {
    await database.close();
  }
}

async function downloadBackup(config: ServerConfig, holder: number, file: string): Promise<void> {
  const url = `http://127.0.0.1:${config.port}/operations/backup`;
  const token = await operationsToken(config);
  const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(
    () => {
      throw new Error(
        `The storefront holding ${config.dataDir} (process ${holder}) does not answer at ${url}: set PORT to the port it listens on.`,
      );
    },
  );
  if (response.status === 401)
    throw new Error(
      `The storefront at ${url} refused the operations token (401): ${config.operationsToken.configured ? 'OPERATIONS_TOKEN is not the one it was started with' : `${join(config.dataDir, OPERATIONS_TOKEN_FILE)} is not its token; set OPERATIONS_TOKEN to the one it was started with`}.`,
    );
  if (!response.ok || !response.body) {
    const answer = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(
      `The storefront at ${url} could not take the backup (HTTP ${response.status}${answer?.message ? `: ${answer.message}` : ''}).`,
    );
  }
  // fetch's stream type and node:stream/web's differ only in the DOM library's typing.
  await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(file));
}

/** OPERATIONS_TOKEN when set; otherwise the one the running embedded server left beside its data. */
async function operationsToken(config: ServerConfig): Promise<string> {
  if (config.operationsToken.configured) return config.operationsToken.value;
  const file = join(config.dataDir, OPERATIONS_TOKEN_FILE);
  const token = await readFile(file, 'utf8').catch(() => {
    throw new Error(
      `Cannot read the operations token in ${file} (run the backup as the user the storefront runs as), or set OPERATIONS_TOKEN.`,
    );
  });
  return token.trim();
}

await runCommand(USAGE, backup);
