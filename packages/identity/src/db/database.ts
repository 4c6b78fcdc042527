import { fileURLToPath } from 'node:url';
import type { Database } from '@storefront/database';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** The identity tables on the shared database, through either engine. */
export type IdentityDb = PgDatabase<PgQueryResultHKT, typeof schema>;

const MIGRATIONS = {
  folder: fileURLToPath(new URL('./migrations', import.meta.url)),
  table: '__identity_migrations',
};

/** Brings the identity schema up to date; idempotent, so every start runs it. */
export async function migrateIdentity(database: Database): Promise<void> {
  await database.migrate(MIGRATIONS);
}

export function identityDb(database: Database): IdentityDb {
  return database.drizzle(schema);
}
