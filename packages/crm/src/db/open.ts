import { fileURLToPath } from 'node:url';
import { type Database, type OpenDatabaseOptions, openDatabase as openShared } from '@storefront/database';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** The drizzle database both engines provide; queries are written once against it. */
export type CrmDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface CrmDatabase {
  db: CrmDb;
  engine: 'pglite' | 'postgres';
  /** The shared database underneath, for the other services of the process. */
  database: Database;
  /** Closes the shared database. */
  close(): Promise<void>;
}

export type { OpenDatabaseOptions };

const MIGRATIONS = {
  folder: fileURLToPath(new URL('../../migrations', import.meta.url)),
  // drizzle's default table, which data dirs created before the database was shared already use.
  table: '__drizzle_migrations',
};

/** Brings the CRM schema up to date on a shared database (migrations are idempotent, so every open runs them). */
export async function openCrm(database: Database): Promise<CrmDatabase> {
  await database.migrate(MIGRATIONS);
  return { db: database.drizzle(schema), engine: database.engine, database, close: () => database.close() };
}

/** Opens the shared database and the CRM on it, in one call. */
export function openCrmDatabase(opts: OpenDatabaseOptions): Promise<CrmDatabase> {
  return openCrmOn(openShared(opts));
}

/** The CRM on a database being opened, which is closed again when the migrations fail. */
export async function openCrmOn(opening: Promise<Database>): Promise<CrmDatabase> {
  const database = await opening;
  try {
    return await openCrm(database);
  } catch (error) {
    await database.close();
    throw error;
  }
}
