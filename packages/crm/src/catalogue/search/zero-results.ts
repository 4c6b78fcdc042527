import { desc, eq, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { normaliseSearchText } from '../rules/search';
import { catalogueZeroResultQueries } from './tables';

/** Counts a search that found nothing, per storefront and query as typed (lower case, single spaces). */
export async function recordZeroResultQuery(db: CrmDb, storefrontId: string, text: string): Promise<void> {
  const query = normaliseSearchText(text);
  if (!query) return;
  await db
    .insert(catalogueZeroResultQueries)
    .values({ storefrontId, query })
    .onConflictDoUpdate({
      target: [catalogueZeroResultQueries.storefrontId, catalogueZeroResultQueries.query],
      set: { searches: sql`${catalogueZeroResultQueries.searches} + 1`, lastSearchedAt: sql`now()` },
    });
}

/** A storefront's searches that found nothing, most often searched first. */
export function zeroResultQueries(db: CrmDb, storefrontId: string) {
  return db
    .select({
      query: catalogueZeroResultQueries.query,
      searches: catalogueZeroResultQueries.searches,
      firstSearchedAt: catalogueZeroResultQueries.firstSearchedAt,
      lastSearchedAt: catalogueZeroResultQueries.lastSearchedAt,
    })
    .from(catalogueZeroResultQueries)
    .where(eq(catalogueZeroResultQueries.storefrontId, storefrontId))
    .orderBy(desc(catalogueZeroResultQueries.searches), catalogueZeroResultQueries.query);
}
