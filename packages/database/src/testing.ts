import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type Database, openDatabase } from './open';

/**
 * Database engines for integration tests: in-memory PGlite always, PostgreSQL too when it answers at
 * TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test). Use with `describe.each(await testEngines())`.
 */
export interface TestEngine {
  name: 'pglite' | 'postgres';
  /** A new, empty database of its own (services migrate it); close() also drops it on PostgreSQL. */
  open(): Promise<Database>;
}

const DEFAULT_URL = 'postgres://root@127.0.0.1:5432/test';

let engines: Promise<TestEngine[]> | undefined;

export function testEngines(): Promise<TestEngine[]> {
  engines ??= detectEngines(process.env.TEST_DATABASE_URL || DEFAULT_URL);
  return engines;
}

const pglite: TestEngine = { name: 'pglite', open: () => openDatabase({}) };

async function detectEngines(url: string): Promise<TestEngine[]> {
  const admin = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await admin`select 1`;
    return [pglite, { name: 'postgres', open: () => openFreshPostgres(url) }];
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

/** Creates test_<random> through the admin database, and drops it again on close. */
async function openFreshPostgres(adminUrl: string): Promise<Database> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (sql) => sql`create database ${sql(name)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(adminUrl, (sql) => sql`drop database if exists ${sql(name)} with (force)`);
    },
  };
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
