import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { catalogueItems } from '../../db/schema';
import { onSale } from '../queries/catalogue';
import { prepareSearch } from './match';

/**
 * The catalogue search (issue 34): PostgreSQL full-text search over each item's search document (catalogue
 * number, name, the specification fields a lab searches by, descriptions), every word counting, stemmed, with
 * the storefront's synonyms and typo corrections from its products' words; the same on PGlite and PostgreSQL.
 */
export { type PreparedSearch, prepareSearch, prepareSearches } from './match';
export { replaceSynonyms, STANDARD_SYNONYMS, type SynonymGroup, synonymsOf } from './synonyms';
export { recordCatalogueTerms } from './terms';
export { recordZeroResultQuery, zeroResultQueries } from './zero-results';

export interface CatalogueSearch {
  storefrontId: string;
  /** The account's catalogue: nothing of another catalogue is ever found. */
  catalogueId: string;
  text: string;
  limit: number;
  offset?: number;
}

export interface CatalogueSearchResult {
  /** The matching on-sale items of the catalogue, best first. */
  itemIds: string[];
  total: number;
  /** "Did you mean": the text with its misspelt words corrected; null when none was. */
  correctedText: string | null;
}

/** Ranked ids of the catalogue's on-sale items matching the text, and how many match in all. */
export async function searchCatalogue(db: CrmDb, q: CatalogueSearch): Promise<CatalogueSearchResult> {
  const search = await prepareSearch(db, q.storefrontId, q.text);
  if (!search) return { itemIds: [], total: 0, correctedText: null };
  const scope = and(eq(catalogueItems.catalogueId, q.catalogueId), onSale(), search.where);
  // The total rides on the page's rows (one statement); a page past the end asks for it alone.
  const rows = await db
    .select({ id: catalogueItems.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(catalogueItems)
    .where(scope)
    .orderBy(...search.orderBy, asc(catalogueItems.name), asc(catalogueItems.id))
    .limit(q.limit)
    .offset(q.offset ?? 0);
  const counted =
    rows[0] ??
    (q.offset ? (await db.select({ total: count() }).from(catalogueItems).where(scope))[0] : undefined);
  return {
    itemIds: rows.map((row) => row.id),
    total: counted?.total ?? 0,
    correctedText: search.correctedText,
  };
}

/**
 * What an item must match for the text, for the product list and its facet counts (so counts agree with the
 * results); undefined when the text is blank, which asks nothing.
 */
export async function searchCondition(
  db: CrmDb,
  q: { storefrontId: string; text: string },
): Promise<SQL | undefined> {
  return (await prepareSearch(db, q.storefrontId, q.text))?.where;
}
