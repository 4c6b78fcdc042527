import type { CrmDb } from '../../db/open';
import { zeroResultQueries } from '../search';

/** The zero-result queries file: what buyers searched for and found nothing, for merchandisers to act on. */
export const ZERO_RESULT_COLUMNS = ['query', 'searches', 'first_searched_at', 'last_searched_at'] as const;

/** The most searched first, the latest first among equals: what most buyers missed, and lately, leads. */
export async function zeroResultRows(db: CrmDb, storefrontId: string): Promise<string[][]> {
  const rows = await zeroResultQueries(db, storefrontId);
  return rows
    .sort((a, b) => b.searches - a.searches || b.lastSearchedAt.getTime() - a.lastSearchedAt.getTime())
    .map((row) => [
      row.query,
      String(row.searches),
      row.firstSearchedAt.toISOString(),
      row.lastSearchedAt.toISOString(),
    ]);
}
