import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { savedCatalogueFilters } from '../../db/schema';

/** An account's saved catalogue filters (saveECatalogFilters, getSavedFilter). */

export type SavedFilterRow = typeof savedCatalogueFilters.$inferSelect;

export async function findSavedFilter(db: CrmDb, filterId: string): Promise<SavedFilterRow | undefined> {
  const [row] = await db
    .select()
    .from(savedCatalogueFilters)
    .where(eq(savedCatalogueFilters.id, filterId))
    .limit(1);
  return row;
}

/** An account's saved filters of one catalogue, last saved first (an account keeps MAX_SAVED_FILTERS). */
export function findSavedFilters(
  db: CrmDb,
  accountId: string,
  catalogueId: string,
): Promise<SavedFilterRow[]> {
  return db
    .select()
    .from(savedCatalogueFilters)
    .where(
      and(eq(savedCatalogueFilters.accountId, accountId), eq(savedCatalogueFilters.catalogueId, catalogueId)),
    )
    .orderBy(desc(savedCatalogueFilters.modifiedAt), asc(savedCatalogueFilters.name));
}

export async function findSavedFilterByName(
  db: CrmDb,
  accountId: string,
  name: string,
): Promise<SavedFilterRow | undefined> {
  const [row] = await db
    .select()
    .from(savedCatalogueFilters)
    .where(
      and(
        eq(savedCatalogueFilters.accountId, accountId),
        sql`lower(${savedCatalogueFilters.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return row;
}

export async function countSavedFilters(db: CrmDb, accountId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(savedCatalogueFilters)
    .where(eq(savedCatalogueFilters.accountId, accountId));
  return row?.count ?? 0;
}

export type SavedFilterFields = Pick<
  SavedFilterRow,
  'storefrontId' | 'accountId' | 'catalogueId' | 'name' | 'categoryId' | 'searchText' | 'filters'
>;

export async function insertSavedFilter(db: CrmDb, fields: SavedFilterFields): Promise<SavedFilterRow> {
  const [row] = await db
    .insert(savedCatalogueFilters)
    .values({ id: randomUUID(), ...fields })
    .returning();
  if (!row) throw new Error('saved filter not created');
  return row;
}

export async function replaceSavedFilter(
  db: CrmDb,
  filterId: string,
  fields: SavedFilterFields,
): Promise<SavedFilterRow> {
  const [row] = await db
    .update(savedCatalogueFilters)
    .set({ ...fields, modifiedAt: sql`now()` })
    .where(eq(savedCatalogueFilters.id, filterId))
    .returning();
  if (!row) throw new Error(`saved filter ${filterId} vanished while being replaced`);
  return row;
}
