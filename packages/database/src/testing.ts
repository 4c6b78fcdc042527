import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import postgres from 'postgres';
import { type Database, openDatabase } from './open';

/**
 * Database engines for integration tests: in-memory PGlite always, PostgreSQL too when it answers at
 * TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test). Use with `describe.each(await testEngines())`.
 *
 * Filling a database (migrations, a demo seed) takes seconds, so a filled one is made once and copied: each
 * copy is a database of its own that its test may change freely. A template is named by a hash of everything
 * that shapes it, so a changed seed or migration makes a new one; it lives on across runs and worker processes,
 * as a data-dir tarball in the temp dir for PGlite and as a template database on PostgreSQL.
 */
export interface TestEngine {
  name: 'pglite' | 'postgres';
  /** A new, empty database of its own (services migrate it); close() also drops it on PostgreSQL. */
  open(): Promise<Database>;
  /** A new database of its own holding a copy of the template; close() also drops it on PostgreSQL. */
  openCopy(template: TestTemplate): Promise<Database>;
}

/** A filled database to copy. */
export interface TestTemplate {
  /** Lower case letters only: the version follows an underscore. */
  name: string;
  /** The files and folders (from the repository root) whose content shapes it, besides the installed packages. */
  sources: string[];
  /** Fills an empty database to become the template, when there is none of these sources yet. */
  build(database: Database): Promise<void>;
}

const DEFAULT_URL = 'postgres://root@127.0.0.1:5432/test';
/** Names templates: PGlite's tarballs in the temp dir, PostgreSQL's databases. */
const TEMPLATE_PREFIX = 'storefront_template_';
/** Other versions of a template kept: runs that started before a change still copy theirs. */
const OTHER_TEMPLATES_KEPT = 1;
/** Any constant works; every test process building or copying a template takes it (see copyPostgres). */
const TEMPLATE_LOCK_KEY = 7_310_116;
const root = fileURLToPath(new URL('../../..', import.meta.url));

let engines: Promise<TestEngine[]> | undefined;

export function testEngines(): Promise<TestEngine[]> {
  engines ??= detectEngines(process.env.TEST_DATABASE_URL || DEFAULT_URL);
  return engines;
}

/**
 * The template's name for this version of it: a hash of its sources, the installed packages and the day (a seed
 * may date records from it).
 */
function versionedName({ name, sources }: TestTemplate): string {
  const hash = createHash('sha256').update(new Date().toISOString().slice(0, 10));
  for (const file of ['package-lock.json', ...sources].flatMap((path) => filesUnder(join(root, path)))) {
    hash.update(`${relative(root, file)}\0`).update(readFileSync(file));
  }
  return `${TEMPLATE_PREFIX}${name}_${hash.digest('hex').slice(0, 16)}`;
}

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/** PGlite's start runs initdb, which takes longer than loading a copy of the data dir it makes. */
const pglite: TestEngine = {
  name: 'pglite',
  open: () => copyPglite({ name: 'empty', sources: [], build: async () => {} }),
  openCopy: copyPglite,
};

async function detectEngines(url: string): Promise<TestEngine[]> {
  const admin = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await admin`select 1`;
    return [
      pglite,
      {
        name: 'postgres',
        open: () => openFreshPostgres(url),
        openCopy: (template) => copyPostgres(url, template),
      },
    ];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(
      `[tests] PostgreSQL is not reachable at ${redact(url)} (${reason}); running on PGlite only.`,
    );
    return [pglite];
  } finally {
    await admin.end();
  }
}

/** A new in-memory PGlite database from the template's tarball. */
async function copyPglite(template: TestTemplate): Promise<Database> {
  return openDatabase({ loadDataDir: await pgliteTarball(template) });
}

/** Fills a new PGlite data dir on disk with a copy of the template, for a process that opens the dir itself. */
export async function copyToDataDir(template: TestTemplate, dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir, loadDataDir: await pgliteTarball(template) });
  await database.close();
}

/**
 * The template's data dir as a tarball, uncompressed (it loads faster), built when missing. Workers building
 * the same template at once each write it whole under a temporary name, and a rename puts it in place, so a
 * reader never sees half a tarball.
 */
async function pgliteTarball(template: TestTemplate): Promise<Blob> {
  const file = join(tmpdir(), `${versionedName(template)}.tar`);
  const present = readIfPresent(file);
  if (present) return new Blob([present]);
  const database = await openDatabase({});
  let backup: Blob | undefined;
  try {
    await template.build(database);
    backup = await database.backup?.();
  } finally {
    await database.close();
  }
  if (!backup) throw new Error('PGlite gave no backup of its data dir');
  const tarball = gunzipSync(await backup.arrayBuffer());
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, tarball);
  renameSync(temporary, file);
  dropOtherVersions(template.name, file);
  return new Blob([tarball]);
}

function readIfPresent(file: string): NonSharedBuffer | null {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** All but the newest few tarballs of the template's other versions; a run still reading one builds it again. */
function dropOtherVersions(name: string, current: string): void {
  const others = readdirSync(tmpdir())
    .filter((file) => file.startsWith(`${TEMPLATE_PREFIX}${name}_`) && file.endsWith('.tar'))
    .map((file) => join(tmpdir(), file))
    .filter((file) => file !== current)
    .map((file) => ({ file, modified: statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.modified - a.modified);
  for (const { file } of others.slice(OTHER_TEMPLATES_KEPT)) rmSync(file, { force: true });
}

/** Creates test_<random> through the admin database, and drops it again on close. */
async function openFreshPostgres(adminUrl: string): Promise<Database> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (sql) => sql`create database ${sql(name)}`);
  return openTestDatabase(adminUrl, name);
}

/**
 * Copies the template database, building it first when missing. PostgreSQL refuses to copy a template another
 * session is connected to, and test files run in several processes at once: building and copying take turns
 * under an advisory lock, which ends with the admin connection (also when its process dies).
 */
async function copyPostgres(adminUrl: string, template: TestTemplate): Promise<Database> {
  const source = versionedName(template);
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, async (sql) => {
    await sql`select pg_advisory_lock(${TEMPLATE_LOCK_KEY})`;
    const [present] = await sql`select 1 from pg_database where datname = ${source}`;
    if (!present) await buildPostgresTemplate(sql, adminUrl, template, source);
    await sql`create database ${sql(name)} template ${sql(source)}`;
  });
  return openTestDatabase(adminUrl, name);
}

/**
 * Builds under another name, so a template is there whole or not at all, then drops all but the newest few of
 * its other versions.
 */
async function buildPostgresTemplate(
  sql: postgres.Sql,
  adminUrl: string,
  template: TestTemplate,
  source: string,
): Promise<void> {
  const building = `${source}_building`;
  // Left by a process that died while building.
  await sql`drop database if exists ${sql(building)} with (force)`;
  await sql`create database ${sql(building)}`;
  const database = await openDatabase({ databaseUrl: urlOf(adminUrl, building) });
  try {
    await template.build(database);
  } finally {
    await database.close();
  }
  await sql`alter database ${sql(building)} rename to ${sql(source)}`;
  const others = await sql<{ datname: string }[]>`
    select datname from pg_database
    where starts_with(datname, ${`${TEMPLATE_PREFIX}${template.name}_`}) and datname <> ${source}
    order by oid desc offset ${OTHER_TEMPLATES_KEPT}`;
  for (const { datname } of others) await sql`drop database if exists ${sql(datname)}`;
}

async function openTestDatabase(adminUrl: string, name: string): Promise<Database> {
  const database = await openDatabase({ databaseUrl: urlOf(adminUrl, name) });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(adminUrl, (sql) => sql`drop database if exists ${sql(name)} with (force)`);
    },
  };
}

function urlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin(url: string, run: (sql: postgres.Sql) => Promise<unknown>): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await run(sql);
  } finally {
    await sql.end();
  }
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
