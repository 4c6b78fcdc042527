import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { contacts } from '../../db/schema';
import { type ApprovalRequestRow, approvalRequests } from '../tables';

export async function findRequest(db: CrmDb, id: string): Promise<ApprovalRequestRow | undefined> {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id)).limit(1);
  return row;
}

/** The quote's request that waits or was approved and is not placed yet. */
export async function openRequestOf(db: CrmDb, quoteId: string): Promise<ApprovalRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(
      and(eq(approvalRequests.quoteId, quoteId), inArray(approvalRequests.status, ['Pending', 'Approved'])),
    )
    .limit(1);
  return row;
}

/** The account's requests, newest first (at most `limit`). */
export function accountRequests(db: CrmDb, accountId: string, limit: number): Promise<ApprovalRequestRow[]> {
  return db
    .select()
    .from(approvalRequests)
    .where(eq(approvalRequests.accountId, accountId))
    .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
    .limit(limit);
}

type NewRequest = Pick<
  ApprovalRequestRow,
  | 'storefrontId'
  | 'accountId'
  | 'quoteId'
  | 'buyerContactId'
  | 'templateId'
  | 'currency'
  | 'total'
  | 'reasons'
  | 'approverIds'
>;

/**
 * The quote's request, waiting: a new one, or its approved one asked again (its total grew past what was
 * approved), so a quote has one open request.
 */
export async function openRequest(db: CrmDb, request: NewRequest): Promise<ApprovalRequestRow> {
  const reopened = {
    ...request,
    status: 'Pending' as const,
    approvedTotal: null,
    buyerToFinish: null,
    decidedBy: null,
    decidedAt: null,
    comment: null,
    createdAt: new Date(),
  };
  const existing = await openRequestOf(db, request.quoteId);
  const [row] = existing
    ? await db.update(approvalRequests).set(reopened).where(eq(approvalRequests.id, existing.id)).returning()
    : await db
        .insert(approvalRequests)
        .values({ id: randomUUID(), ...reopened })
        .returning();
  if (!row) throw new Error(`approval request of quote ${request.quoteId} not recorded`);
  return row;
}

export async function updateRequest(
  db: CrmDb,
  id: string,
  change: Partial<
    Pick<
      ApprovalRequestRow,
      'status' | 'approvedTotal' | 'buyerToFinish' | 'decidedBy' | 'decidedAt' | 'comment' | 'orderNumber'
    >
  >,
): Promise<ApprovalRequestRow> {
  const [row] = await db.update(approvalRequests).set(change).where(eq(approvalRequests.id, id)).returning();
  if (!row) throw new Error(`approval request ${id} vanished`);
  return row;
}

/** The order a quote became, on its approved request. */
export async function markPlaced(db: CrmDb, quoteId: string, orderNumber: string): Promise<void> {
  await db
    .update(approvalRequests)
    .set({ status: 'Placed', orderNumber })
    .where(and(eq(approvalRequests.quoteId, quoteId), eq(approvalRequests.status, 'Approved')));
}

/** Names and addresses of contacts by id. */
export async function contactsById(
  db: CrmDb,
  ids: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
    })
    .from(contacts)
    .where(inArray(contacts.id, [...new Set(ids)]));
  return new Map(
    rows.map((row) => [row.id, { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email }]),
  );
}
