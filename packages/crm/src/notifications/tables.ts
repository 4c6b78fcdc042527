import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, storefronts } from '../core/tables';

/** The notifications capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

// Notifications (spec P§3, P§7; issue 12, docs/decisions/0026-notifications-and-record-pages.md).

/** What a notification says, once for every contact it is sent to. */
export const notifications = pgTable(
  'notifications',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    name: text().notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId)],
);

/**
 * A notification as one contact has it (spec P§3): when they saw and read it, and where it leads. Contacts of
 * signed-in users live in the identity service's attributes, so contactId is not a key of the contacts table.
 */
export const contactNotifications = pgTable(
  'contact_notifications',
  {
    id: text().primaryKey(),
    notificationId: text()
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    contactId: text().notNull(),
    /** A template id of the storefront, or a raw path. */
    targetTemplatePage: text(),
    recordNumber: text(),
    readAt: timestamp({ withTimezone: true }),
    seenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.notificationId, t.contactId),
    // The list and the counts: one contact of one account, newest first.
    index().on(t.contactId, t.accountId, t.createdAt),
  ],
);
