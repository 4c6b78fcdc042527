import type { QuoteStatus } from '@storefront/contracts';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../catalogue';
import type { CrmDb } from '../../db/open';
import { catalogueItems, catalogues, categories, orders, quoteLineItems, quotes } from '../../db/schema';
import { type CartOwner, ownedBy, type QuoteLineRow, type QuoteRow } from './quotes';

/** What the cart shows of an item beyond its price: the contract's ItemAttributes. */
const itemAttributeFields = {
  itemId: catalogueItems.id,
  sku: catalogueItems.sku,
  name: catalogueItems.name,
  unit: catalogueItems.unit,
  attributes: catalogueItems.attributes,
  category: { id: categories.id, name: categories.name },
};

/** The items among itemIds that belong to the catalogue. */
export function catalogueItemAttributes(db: CrmDb, catalogueId: string, itemIds: readonly string[]) {
  return db
    .select(itemAttributeFields)
    .from(catalogueItems)
    .innerJoin(categories, eq(categories.id, catalogueItems.categoryId))
    .where(and(eq(catalogueItems.catalogueId, catalogueId), inArray(catalogueItems.id, [...itemIds])));
}

/** The quote's lines with their items' attributes, in the order the lines were added. */
export function lineItemAttributes(db: CrmDb, quoteId: string) {
  return db
    .select({ qliId: quoteLineItems.id, ...itemAttributeFields })
    .from(quoteLineItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, quoteLineItems.catalogItemId))
    .innerJoin(categories, eq(categories.id, catalogueItems.categoryId))
    .where(eq(quoteLineItems.quoteId, quoteId))
    .orderBy(asc(quoteLineItems.createdAt), asc(quoteLineItems.id));
}

export async function findCatalogueId(db: CrmDb, catalogueId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: catalogues.id })
    .from(catalogues)
    .where(eq(catalogues.id, catalogueId))
    .limit(1);
  return row?.id;
}

export interface QuoteListFilter {
  storefrontId: string;
  owner: CartOwner;
  statuses?: readonly QuoteStatus[] | undefined;
  sortDirection?: 'ASC' | 'DESC' | undefined;
  checkedOut?: boolean | undefined;
  searchText?: string | undefined;
}

function listConditions(filter: QuoteListFilter): SQL | undefined {
  const { owner } = filter;
  // The owner rule of the active-cart lookup: a guest sees only the quotes of its own secret.
  const parts: (SQL | undefined)[] = [eq(quotes.storefrontId, filter.storefrontId), ownedBy(owner)];
  if (filter.statuses?.length) parts.push(inArray(quotes.status, [...filter.statuses]));
  if (filter.checkedOut !== undefined) parts.push(eq(quotes.checkedOut, filter.checkedOut));
  if (filter.searchText) {
    const pattern = containsPattern(filter.searchText);
    parts.push(or(ilike(quotes.name, pattern), ilike(quotes.poNumber, pattern), ilike(quotes.id, pattern)));
  }
  return and(...parts);
}

/** Matching quotes per status, for the group headers. */
export function countQuotesByStatus(db: CrmDb, filter: QuoteListFilter) {
  return db
    .select({ status: quotes.status, count: count() })
    .from(quotes)
    .where(listConditions(filter))
    .groupBy(quotes.status)
    .orderBy(asc(quotes.status));
}

/** One page of matching quotes, grouped by status (Active first), newest change first within a status. */
/**
 * By createdAt alone when a direction is asked for (record pages list every status in one table), else by
 * status and then the most recently changed first (the cart's earlier carts).
 */
function listOrder(direction: QuoteListFilter['sortDirection']): SQL[] {
  if (direction === 'ASC') return [asc(quotes.createdAt), asc(quotes.id)];
  if (direction === 'DESC') return [desc(quotes.createdAt), desc(quotes.id)];
  return [asc(quotes.status), desc(quotes.modifiedAt), desc(quotes.id)];
}

export function findQuotesPage(db: CrmDb, filter: QuoteListFilter, page: { offset: number; limit: number }) {
  return db
    .select({ quote: quotes, lineCount: count(quoteLineItems.id), orderNumber: orders.orderNumber })
    .from(quotes)
    .leftJoin(quoteLineItems, eq(quoteLineItems.quoteId, quotes.id))
    .leftJoin(orders, eq(orders.quoteId, quotes.id))
    .where(listConditions(filter))
    .groupBy(quotes.id, orders.orderNumber)
    .orderBy(...listOrder(filter.sortDirection))
    .offset(page.offset)
    .limit(page.limit);
}

export async function findLine(db: CrmDb, lineId: string): Promise<QuoteLineRow | undefined> {
  const [row] = await db.select().from(quoteLineItems).where(eq(quoteLineItems.id, lineId)).limit(1);
  return row;
}

export async function updateQuoteLabels(
  db: CrmDb,
  quoteId: string,
  fields: Partial<Pick<QuoteRow, 'name' | 'notes'>>,
): Promise<QuoteRow> {
  const [row] = await db
    .update(quotes)
    .set({ ...fields, modifiedAt: sql`now()` })
    .where(eq(quotes.id, quoteId))
    .returning();
  if (!row) throw new Error(`quote ${quoteId} vanished while being updated`);
  return row;
}

export async function updateLineLabels(
  db: CrmDb,
  lineId: string,
  fields: Partial<Pick<QuoteLineRow, 'notes'>>,
): Promise<QuoteLineRow> {
  const [row] = await db
    .update(quoteLineItems)
    .set({ ...fields, modifiedAt: sql`now()` })
    .where(eq(quoteLineItems.id, lineId))
    .returning();
  if (!row) throw new Error(`quote line ${lineId} vanished while being updated`);
  return row;
}

/** Names starting with the text rank before names merely containing it. */
function startsFirst(column: typeof catalogueItems.name | typeof categories.name, text: string): SQL {
  // containsPattern without its leading '%' is the escaped 'starts with' pattern.
  return sql`(${column} ilike ${containsPattern(text).slice(1)}) desc`;
}

export function lookupCatalogueItems(db: CrmDb, catalogueId: string, text: string, limit: number) {
  const pattern = containsPattern(text);
  return db
    .select({ id: catalogueItems.id, label: catalogueItems.name, sublabel: catalogueItems.sku })
    .from(catalogueItems)
    .where(
      and(
        eq(catalogueItems.catalogueId, catalogueId),
        or(ilike(catalogueItems.name, pattern), ilike(catalogueItems.sku, pattern)),
      ),
    )
    .orderBy(startsFirst(catalogueItems.name, text), asc(catalogueItems.name), asc(catalogueItems.id))
    .limit(limit);
}

export function lookupCategories(db: CrmDb, catalogueId: string, text: string, limit: number) {
  return db
    .select({ id: categories.id, label: categories.name, sublabel: sql<string | null>`null` })
    .from(categories)
    .where(and(eq(categories.catalogueId, catalogueId), ilike(categories.name, containsPattern(text))))
    .orderBy(startsFirst(categories.name, text), asc(categories.name), asc(categories.id))
    .limit(limit);
}
