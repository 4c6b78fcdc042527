import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, ne, sql, sum } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { contacts, orders, quotes } from '../../db/schema';
import type { Limit } from '../rules/limits';
import { approvalRequests, contactUserTypes, type SpendingLimitRow, spendingLimits } from '../tables';

/** The account's limits, per role and per contact. */
export function accountLimits(db: CrmDb, accountId: string): Promise<SpendingLimitRow[]> {
  return db.select().from(spendingLimits).where(eq(spendingLimits.accountId, accountId));
}

const asLimit = (row: SpendingLimitRow): Limit => ({
  orderLimit: row.orderLimit,
  monthlyLimit: row.monthlyLimit,
  approverIds: row.approverIds,
});

/** The limit that applies to a contact: their own, else their role's; null when neither is set. */
export async function limitOf(
  db: CrmDb,
  accountId: string,
  contactId: string,
  userType: string | undefined,
): Promise<Limit | null> {
  const rows = await accountLimits(db, accountId);
  const own = rows.find((row) => row.contactId === contactId);
  const role = userType === undefined ? undefined : rows.find((row) => row.userType === userType);
  const found = own ?? role;
  return found ? asLimit(found) : null;
}

/** Sets one limit of the account: a contact's or a role's, replacing what was set. */
export async function saveLimit(
  db: CrmDb,
  limit: {
    accountId: string;
    contactId: string | null;
    userType: string | null;
    updatedBy: string | null;
  } & Limit,
): Promise<void> {
  const subject = limit.contactId !== null ? spendingLimits.contactId : spendingLimits.userType;
  const set = {
    orderLimit: limit.orderLimit,
    monthlyLimit: limit.monthlyLimit,
    approverIds: limit.approverIds,
    updatedBy: limit.updatedBy,
    updatedAt: sql`now()`,
  };
  await db
    .insert(spendingLimits)
    .values({ id: randomUUID(), ...limit })
    .onConflictDoUpdate({
      target: [spendingLimits.accountId, subject],
      targetWhere: sql`${subject} is not null`,
      set,
    });
}

/** The account's contacts by name, as limits and approvers are chosen from them. */
export function accountContacts(db: CrmDb, accountId: string) {
  return db
    .select({
      contactId: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
    })
    .from(contacts)
    .where(eq(contacts.accountId, accountId))
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id));
}

/** Records the user type the gateway bound for a contact's call, so the CRM knows its managers. */
export async function rememberUserType(
  db: CrmDb,
  contact: { contactId: string | undefined; accountId: string; userType: string | undefined },
): Promise<void> {
  const { contactId, userType, accountId } = contact;
  if (!contactId || !userType) return;
  await db
    .insert(contactUserTypes)
    .values({ contactId, accountId, userType })
    .onConflictDoUpdate({
      target: contactUserTypes.contactId,
      set: { accountId, userType, seenAt: sql`now()` },
    });
}

/** The account's contacts last seen as one of `userTypes`. */
export async function contactsOfTypes(
  db: CrmDb,
  accountId: string,
  userTypes: readonly string[],
): Promise<string[]> {
  const rows = await db
    .select({ contactId: contactUserTypes.contactId })
    .from(contactUserTypes)
    .where(
      and(eq(contactUserTypes.accountId, accountId), inArray(contactUserTypes.userType, [...userTypes])),
    );
  return rows.map((row) => row.contactId);
}

/**
 * What a buyer has spent this calendar month: their placed, not cancelled orders placed since `since`, plus
 * their orders waiting for (or approved and not yet placed after) approval, but for `exceptQuoteId`.
 */
export async function monthSpend(
  db: CrmDb,
  buyer: { accountId: string; contactId: string },
  since: Date,
  exceptQuoteId: string,
): Promise<number> {
  const [placed] = await db
    .select({ total: sum(quotes.total).mapWith(Number) })
    .from(orders)
    .innerJoin(quotes, eq(quotes.id, orders.quoteId))
    .where(
      and(
        eq(quotes.accountId, buyer.accountId),
        eq(quotes.contactId, buyer.contactId),
        isNull(quotes.guestSecretHash),
        ne(orders.status, 'cancelled'),
        gte(orders.placedAt, since),
      ),
    );
  const [waiting] = await db
    .select({ total: sum(approvalRequests.total).mapWith(Number) })
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.accountId, buyer.accountId),
        eq(approvalRequests.buyerContactId, buyer.contactId),
        inArray(approvalRequests.status, ['Pending', 'Approved']),
        ne(approvalRequests.quoteId, exceptQuoteId),
      ),
    );
  return round2((placed?.total ?? 0) + (waiting?.total ?? 0));
}

const round2 = (amount: number) => Math.round(amount * 100) / 100;
