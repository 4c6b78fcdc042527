import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import { accounts, contactNotifications, notifications, templates } from '../../db/schema';

/** One contact of one account on one storefront: whose notifications a call reads or marks. */
export interface NotificationOwner {
  storefrontId: string;
  accountId: string;
  contactId: string;
}

const owned = (owner: NotificationOwner) =>
  and(
    eq(contactNotifications.contactId, owner.contactId),
    eq(contactNotifications.accountId, owner.accountId),
    eq(notifications.storefrontId, owner.storefrontId),
  );

/** How many of the owner's notifications there are, and how many of them are not seen and not read yet. */
const ownCounts = (db: CrmDb, owner: NotificationOwner) =>
  db
    .select({
      total: count().as('total'),
      unseen: count(sql`case when ${contactNotifications.seenAt} is null then 1 end`).as('unseen'),
      unread: count(sql`case when ${contactNotifications.readAt} is null then 1 end`).as('unread'),
    })
    .from(contactNotifications)
    .innerJoin(notifications, eq(notifications.id, contactNotifications.notificationId))
    .where(owned(owner));

export async function countNotifications(db: CrmDb, owner: NotificationOwner) {
  const [row] = await ownCounts(db, owner);
  return { total: row?.total ?? 0, unseen: row?.unseen ?? 0, unread: row?.unread ?? 0 };
}

/**
 * The owner's account (for its membership) and their counts in one statement: the header reads the count on
 * every page. None when there is no such account.
 */
export async function findAccountNotificationCounts(db: CrmDb, owner: NotificationOwner) {
  const counts = ownCounts(db, owner).as('counts');
  const [row] = await db
    .select({
      account: { id: accounts.id, storefrontId: accounts.storefrontId, isGuest: accounts.isGuest },
      total: counts.total,
      unseen: counts.unseen,
      unread: counts.unread,
    })
    .from(accounts)
    .crossJoin(counts)
    .where(eq(accounts.id, owner.accountId));
  return row;
}

/** The owner's rows, newest first, with their notification and the page type of the template they target. */
export function listNotifications(db: CrmDb, owner: NotificationOwner, limit: number) {
  return db
    .select({
      row: contactNotifications,
      notification: notifications,
      targetPageType: templates.Page_Type,
    })
    .from(contactNotifications)
    .innerJoin(notifications, eq(notifications.id, contactNotifications.notificationId))
    .leftJoin(
      templates,
      and(
        eq(templates.id, contactNotifications.targetTemplatePage),
        eq(templates.storefrontId, notifications.storefrontId),
      ),
    )
    .where(owned(owner))
    .orderBy(desc(contactNotifications.createdAt), desc(contactNotifications.id))
    .limit(limit);
}

/** Which of `ids` are the owner's rows. */
export async function findOwnedNotificationIds(
  db: CrmDb,
  owner: NotificationOwner,
  ids: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .select({ id: contactNotifications.id })
    .from(contactNotifications)
    .innerJoin(notifications, eq(notifications.id, contactNotifications.notificationId))
    .where(and(owned(owner), inArray(contactNotifications.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** Sets the seen (and for 'read' the read) date of rows that have none yet; earlier dates are kept. */
export async function markNotifications(
  db: CrmDb,
  ids: readonly string[],
  action: 'read' | 'seen',
  at: Date,
): Promise<void> {
  const where = inArray(contactNotifications.id, [...ids]);
  await db
    .update(contactNotifications)
    .set({ seenAt: at })
    .where(and(where, isNull(contactNotifications.seenAt)));
  if (action === 'read') {
    await db
      .update(contactNotifications)
      .set({ readAt: at })
      .where(and(where, isNull(contactNotifications.readAt)));
  }
}

export interface NewNotification {
  storefrontId: string;
  accountId: string;
  name: string;
  message: string;
  createdAt: Date;
  recipients: {
    contactId: string;
    targetTemplatePage: string | null;
    recordNumber: string | null;
  }[];
}

/** A notification and its row for each recipient, written together. */
export async function insertNotification(db: CrmDb, notification: NewNotification): Promise<string> {
  const { recipients, ...record } = notification;
  const id = randomUUID();
  await db.insert(notifications).values({ id, ...record });
  await db.insert(contactNotifications).values(
    recipients.map((recipient) => ({
      id: randomUUID(),
      notificationId: id,
      accountId: record.accountId,
      createdAt: record.createdAt,
      ...recipient,
    })),
  );
  return id;
}
