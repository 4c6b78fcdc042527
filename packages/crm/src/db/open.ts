import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { lockDataDir } from './lock';
import * as schema from './schema';

/** The drizzle database both engines provide; queries are written once against it. */
export type CrmDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface CrmDatabase {
  db: CrmDb;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite is used. */
  databaseUrl?: string;
  /** PGlite data dir, created if missing; undefined keeps the database in memory (tests). */
  dataDir?: string;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../migrations', import.meta.url));
const LOCK_FILE = 'crm.lock';

/** Opens the database and brings its schema up to date (migrations are idempotent, so every open runs them). */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<CrmDatabase> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

async function openPostgres(url: string): Promise<CrmDatabase> {
  await migratePostgresOnce(url);
  const client = postgres(url, { onnotice: ignoreNotice });
  return {
    db: drizzlePostgres({ client, schema, casing: 'snake_case' }),
    engine: 'postgres',
    close: () => client.end(),
  };
}

/** Any constant works; it only has to be the same for every process migrating this database. */
const MIGRATION_LOCK_KEY = 7_310_114;

/**
 * Several instances may start together on one database: a session advisory lock on a single connection lets
 * one migrate while the others wait, then find nothing left to do.
 */
async function migratePostgresOnce(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: ignoreNotice });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client, casing: 'snake_case' }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  } finally {
    await client.end();
  }
}

/** Migrations use IF NOT EXISTS; their "already exists, skipping" notices are noise. */
const ignoreNotice = () => {};

async function openPglite(dataDir: string | undefined): Promise<CrmDatabase> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const lock = dataDir === undefined ? null : lockDataDir(join(dataDir, LOCK_FILE), dataDir);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const opened = client;
    return {
      db,
      engine: 'pglite',
      close: async () => {
        try {
          await opened.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    await client?.close();
    lock?.release();
    throw error;
  }
}
