import { randomUUID } from 'node:crypto';
import type { ListSharing } from '@storefront/contracts';
import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { requisitionListLines, requisitionLists } from '../../db/schema';

export type ListRow = typeof requisitionLists.$inferSelect;
export type LineRow = typeof requisitionListLines.$inferSelect;

const newId = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;

// Correlated subqueries name their tables in full: drizzle leaves a column unqualified in a one-table select.
/** The owner's name as the account knows the contact; null for a contact without a contacts row. */
const ownerName = sql<
  string | null
>`(select c.first_name || ' ' || c.last_name from contacts c where c.id = "requisition_lists"."owner_contact_id")`;
const lineCount =
  sql<number>`(select count(*) from requisition_list_lines l where l.list_id = "requisition_lists"."id")`.mapWith(
    Number,
  );

const summaryColumns = {
  list: requisitionLists,
  ownerName,
  lineCount,
};

/** The contact's own lists of the account and those colleagues share with it, most recently changed first. */
export function listsVisibleTo(db: CrmDb, storefrontId: string, accountId: string, contactId: string) {
  return db
    .select(summaryColumns)
    .from(requisitionLists)
    .where(
      and(
        eq(requisitionLists.storefrontId, storefrontId),
        eq(requisitionLists.accountId, accountId),
        or(eq(requisitionLists.ownerContactId, contactId), ne(requisitionLists.sharing, 'private')),
      ),
    )
    .orderBy(desc(requisitionLists.updatedAt), asc(requisitionLists.id));
}

export type ListSummaryRow = Awaited<ReturnType<typeof listsVisibleTo>>[number];

/** One list with its owner's name and line count; `lock` holds its row until the transaction ends. */
export async function findList(db: CrmDb, listId: string, lock = false): Promise<ListSummaryRow | undefined> {
  const query = db.select(summaryColumns).from(requisitionLists).where(eq(requisitionLists.id, listId));
  const [row] = await (lock ? query.for('no key update', { of: requisitionLists }) : query);
  return row;
}

/**
 * Serialises the changes of one owner's lists of a storefront (making or copying one), so two at once cannot
 * both pass the limit on lists; held until the transaction ends.
 */
export async function lockOwner(db: CrmDb, storefrontId: string, contactId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`requisition-lists ${storefrontId} ${contactId}`}))`,
  );
}

export async function countOwnedLists(db: CrmDb, storefrontId: string, contactId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(requisitionLists)
    .where(
      and(eq(requisitionLists.storefrontId, storefrontId), eq(requisitionLists.ownerContactId, contactId)),
    );
  return row?.n ?? 0;
}

export async function insertList(
  db: CrmDb,
  values: { storefrontId: string; accountId: string; ownerContactId: string; name: string },
): Promise<string> {
  const id = newId('rql');
  await db.insert(requisitionLists).values({ id, ...values });
  return id;
}

export async function updateList(
  db: CrmDb,
  listId: string,
  changes: { name?: string | undefined; sharing?: ListSharing | undefined },
): Promise<void> {
  await db
    .update(requisitionLists)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(requisitionLists.id, listId));
}

/** Marks the list changed now: its lines changed. */
export const touchList = (db: CrmDb, listId: string) => updateList(db, listId, {});

export async function deleteList(db: CrmDb, listId: string): Promise<void> {
  await db.delete(requisitionLists).where(eq(requisitionLists.id, listId));
}

/** The list's lines in the order they were first added. */
export function linesOf(db: CrmDb, listId: string): Promise<LineRow[]> {
  return db
    .select()
    .from(requisitionListLines)
    .where(eq(requisitionListLines.listId, listId))
    .orderBy(asc(requisitionListLines.position), asc(requisitionListLines.id));
}

/** Writes lines new to the list (after its last) and the new quantities of lines already on it. */
export async function writeLines(
  db: CrmDb,
  listId: string,
  added: readonly { sku: string; qty: number }[],
  changed: readonly { id: string; qty: number }[],
  nextPosition: number,
): Promise<void> {
  if (added.length > 0) {
    await db
      .insert(requisitionListLines)
      .values(
        added.map((line, index) => ({ id: newId('rqi'), listId, ...line, position: nextPosition + index })),
      );
  }
  for (const line of changed) {
    await db
      .update(requisitionListLines)
      .set({ qty: line.qty })
      .where(and(eq(requisitionListLines.listId, listId), eq(requisitionListLines.id, line.id)));
  }
}

export async function removeLines(db: CrmDb, listId: string, lineIds: readonly string[]): Promise<void> {
  await db
    .delete(requisitionListLines)
    .where(and(eq(requisitionListLines.listId, listId), inArray(requisitionListLines.id, [...lineIds])));
}

/** A copy of the list's lines on another list, in their order. */
export async function copyLines(db: CrmDb, fromListId: string, toListId: string): Promise<void> {
  const lines = await linesOf(db, fromListId);
  await writeLines(
    db,
    toListId,
    lines.map(({ sku, qty }) => ({ sku, qty })),
    [],
    0,
  );
}
