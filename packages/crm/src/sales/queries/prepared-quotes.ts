import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { catalogueItems, preparedQuoteLines, preparedQuotes, quoteLineItems } from '../../db/schema';

export type PreparedQuoteRow = typeof preparedQuotes.$inferSelect;

/** The account's quotes that may still be taken today, the soonest to expire first. */
export function listOpenPreparedQuotes(
  db: CrmDb,
  accountId: string,
  today: string,
): Promise<PreparedQuoteRow[]> {
  return db
    .select()
    .from(preparedQuotes)
    .where(
      and(
        eq(preparedQuotes.accountId, accountId),
        eq(preparedQuotes.status, 'Open'),
        gte(preparedQuotes.validUntil, today),
      ),
    )
    .orderBy(asc(preparedQuotes.validUntil), asc(preparedQuotes.number));
}

export async function findPreparedQuote(db: CrmDb, id: string): Promise<PreparedQuoteRow | undefined> {
  const [row] = await db.select().from(preparedQuotes).where(eq(preparedQuotes.id, id)).limit(1);
  return row;
}

/** A prepared quote's lines in the order sales wrote them, with what pricing and the page need of each item. */
export function preparedLinesWithItems(db: CrmDb, preparedQuoteId: string) {
  return db
    .select({
      line: preparedQuoteLines,
      item: {
        name: catalogueItems.name,
        sku: catalogueItems.sku,
        unit: catalogueItems.unit,
        priceSource: catalogueItems.priceSource,
        listPrice: catalogueItems.listPrice,
        negotiatedPrice: catalogueItems.negotiatedPrice,
      },
    })
    .from(preparedQuoteLines)
    .innerJoin(catalogueItems, eq(catalogueItems.id, preparedQuoteLines.catalogItemId))
    .where(eq(preparedQuoteLines.preparedQuoteId, preparedQuoteId))
    .orderBy(asc(preparedQuoteLines.position));
}

/** The prepared lines on a new cart at their agreed prices; the caller reprices the cart in the same transaction. */
export async function copyAgreedLines(
  tx: CrmDb,
  preparedQuoteId: string,
  cartQuoteId: string,
): Promise<void> {
  const lines = await tx
    .select()
    .from(preparedQuoteLines)
    .where(eq(preparedQuoteLines.preparedQuoteId, preparedQuoteId))
    .orderBy(asc(preparedQuoteLines.position));
  // One timestamp a line apart keeps the cart's order (lines are shown by createdAt) the order sales wrote.
  const rows = lines.map((line, index) => ({
    id: randomUUID(),
    quoteId: cartQuoteId,
    catalogItemId: line.catalogItemId,
    qty: line.qty,
    agreedUnitPrice: line.agreedUnitPrice,
    notes: line.note,
    unitPrice: 0,
    listPrice: 0,
    lineTotal: 0,
    createdAt: sql`now() + ${`${index} milliseconds`}::interval`,
  }));
  if (rows.length > 0) await tx.insert(quoteLineItems).values(rows);
}

export async function markPreparedQuoteTaken(
  tx: CrmDb,
  id: string,
  taken: { contactId: string; cartQuoteId: string },
): Promise<void> {
  await tx
    .update(preparedQuotes)
    .set({
      status: 'Taken',
      takenAt: sql`now()`,
      takenByContactId: taken.contactId,
      cartQuoteId: taken.cartQuoteId,
    })
    .where(eq(preparedQuotes.id, id));
}
