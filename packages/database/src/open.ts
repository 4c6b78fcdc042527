import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { lockDataDir } from './lock';

/** One service's migrations: its folder and the table (in drizzle's `drizzle` schema) that tracks them. */
export interface MigrationSet {
  folder: string;
  table: string;
}

/** The one database every service of the process shares; each brings its own schema and migrations. */
export interface Database {
  engine: 'pglite' | 'postgres';
  /** A drizzle instance over the one shared connection, typed by a service's schema (casing snake_case). */
  drizzle<S extends Record<string, unknown>>(schema: S): PgDatabase<PgQueryResultHKT, S>;
  /** Applies one service's migrations folder, tracked in its own migrations table; safe when several processes start at once. */
  migrate(set: MigrationSet): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite is used. */
  databaseUrl?: string;
  /** PGlite data dir, created if missing; undefined keeps the database in memory (tests). */
  dataDir?: string;
}

/** Named when the CRM alone owned the data dir; kept so an older build and this one still exclude each other. */
const LOCK_FILE = 'crm.lock';

/** Opens the engine; services then apply their migrations with `migrate` and query through `drizzle`. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

function openPostgres(url: string): Database {
  const client = postgres(url, { onnotice: ignoreNotice });
  return {
    engine: 'postgres',
    drizzle: (schema) => drizzlePostgres({ client, schema, casing: 'snake_case' }),
    migrate: (set) => migratePostgresOnce(url, set),
    close: () => client.end(),
  };
}

/** Any constant works; it only has to be the same for every process migrating this database. */
const MIGRATION_LOCK_KEY = 7_310_114;

/**
 * Several instances may start together on one database: a session advisory lock on a connection of its own
 * lets one migrate while the others wait, then find nothing left to do.
 */
async function migratePostgresOnce(url: string, set: MigrationSet): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: ignoreNotice });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client, casing: 'snake_case' }), {
      migrationsFolder: set.folder,
      migrationsTable: set.table,
    });
  } finally {
    await client.end();
  }
}

/** Migrations use IF NOT EXISTS; their "already exists, skipping" notices are noise. */
const ignoreNotice = () => {};

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const lock = dataDir === undefined ? null : lockDataDir(join(dataDir, LOCK_FILE), dataDir);
  try {
    const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    // The data-dir lock keeps other processes out; inside this one, migrations run one after another.
    let migrations = Promise.resolve();
    return {
      engine: 'pglite',
      drizzle: (schema) => drizzlePglite({ client, schema, casing: 'snake_case' }),
      migrate: (set) => {
        const run = () =>
          migratePglite(drizzlePglite({ client, casing: 'snake_case' }), {
            migrationsFolder: set.folder,
            migrationsTable: set.table,
          });
        const done = migrations.then(run);
        migrations = done.catch(() => {});
        return done;
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
