import type { SQL } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';

/** The rows of a raw statement: postgres-js answers them as an array, PGlite as `{ rows }`. */
export async function executeRows<T>(db: CrmDb, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
