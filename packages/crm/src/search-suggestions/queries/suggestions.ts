import { and, asc, desc, eq, ilike, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern, onSale, type PreparedSearch } from '../../catalogue';
import type { CrmDb } from '../../db/open';
import { catalogueItems, categories } from '../../db/schema';
import { recentSearches } from '../tables';

/**
 * The catalogue's best on-sale items for a prepared search, in its order, with what a suggestion shows (no
 * descriptions or attributes, so the answer stays small): one query.
 */
export function suggestedItems(
  db: CrmDb,
  catalogueId: string,
  q: {
    search: PreparedSearch;
    /** The word still being typed, matched as a prefix, with what the words before it must match. */
    typing: { before: SQL | undefined; prefix: string } | null;
    limit: number;
  },
) {
  const typed = q.typing
    ? and(q.typing.before, sql`${catalogueItems.search} @@ to_tsquery('english', ${q.typing.prefix})`)
    : undefined;
  return db
    .select({
      id: catalogueItems.id,
      sku: catalogueItems.sku,
      name: catalogueItems.name,
      slug: catalogueItems.slug,
      productTemplateId: catalogueItems.productTemplateId,
      images: catalogueItems.images,
      listPrice: catalogueItems.listPrice,
      negotiatedPrice: catalogueItems.negotiatedPrice,
      priceSource: catalogueItems.priceSource,
    })
    .from(catalogueItems)
    .where(and(eq(catalogueItems.catalogueId, catalogueId), onSale(), or(q.search.where, typed)))
    .orderBy(...q.search.orderBy, asc(catalogueItems.name), asc(catalogueItems.id))
    .limit(q.limit);
}

/** The catalogue's categories whose name holds the text, in display order. */
export function matchingCategories(db: CrmDb, catalogueId: string, text: string, limit: number) {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(and(eq(categories.catalogueId, catalogueId), ilike(categories.name, containsPattern(text))))
    .orderBy(asc(categories.sortOrder), asc(categories.name))
    .limit(limit);
}

/** The contact's recent searches holding the text (all of them without one), newest first. */
export async function recentSearchesOf(
  db: CrmDb,
  storefrontId: string,
  contactId: string,
  text?: string,
): Promise<string[]> {
  const rows = await db
    .select({ text: recentSearches.text })
    .from(recentSearches)
    .where(
      and(
        eq(recentSearches.storefrontId, storefrontId),
        eq(recentSearches.contactId, contactId),
        text === undefined ? undefined : ilike(recentSearches.text, containsPattern(text)),
      ),
    )
    .orderBy(desc(recentSearches.searchedAt), asc(recentSearches.key));
  return rows.map((row) => row.text);
}

/** The text becomes the contact's newest search; beyond `kept`, the oldest are forgotten. */
export async function rememberSearch(
  db: CrmDb,
  at: { storefrontId: string; contactId: string; text: string; kept: number },
): Promise<void> {
  const { storefrontId, contactId, text, kept } = at;
  await db.transaction(async (tx) => {
    await tx
      .insert(recentSearches)
      .values({ storefrontId, contactId, key: text.toLowerCase(), text })
      .onConflictDoUpdate({
        target: [recentSearches.storefrontId, recentSearches.contactId, recentSearches.key],
        set: { text, searchedAt: sql`now()` },
      });
    const newest = tx
      .select({ key: recentSearches.key })
      .from(recentSearches)
      .where(and(eq(recentSearches.storefrontId, storefrontId), eq(recentSearches.contactId, contactId)))
      .orderBy(desc(recentSearches.searchedAt), asc(recentSearches.key))
      .limit(kept);
    await tx
      .delete(recentSearches)
      .where(
        and(
          eq(recentSearches.storefrontId, storefrontId),
          eq(recentSearches.contactId, contactId),
          notInArray(recentSearches.key, newest),
        ),
      );
  });
}
