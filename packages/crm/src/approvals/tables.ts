import { APPROVAL_STATUSES, type ApprovalReason, type ApprovalStatus } from '@storefront/contracts';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { quotes } from '../cart/tables';
import { accounts, storefronts } from '../core/tables';
import { money, oneOf, optionalMoney } from '../db/columns';

/** Spending limits and approvals (docs/decisions/0064-approvals-and-limits.md). */

/**
 * A limit of an account: of one contact (contactId) or of a role (userType), never both; a contact's own limit
 * wins over their role's. Null amounts mean no limit; no approvers mean the account's managers approve.
 */
export const spendingLimits = pgTable(
  'spending_limits',
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    contactId: text(),
    userType: text(),
    orderLimit: optionalMoney(),
    monthlyLimit: optionalMoney(),
    approverIds: text().array().notNull().default(sql`'{}'::text[]`),
    updatedBy: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.accountId, t.contactId).where(sql`${t.contactId} is not null`),
    uniqueIndex().on(t.accountId, t.userType).where(sql`${t.userType} is not null`),
    check('spending_limits_subject_check', sql`(${t.contactId} is null) <> (${t.userType} is null)`),
  ],
);

/**
 * A contact's user type as the gateway last bound it on one of their calls: the CRM keeps no roles of its own,
 * and this says which contacts are managers when managers approve (whom to notify).
 */
export const contactUserTypes = pgTable('contact_user_types', {
  contactId: text().primaryKey(),
  accountId: text()
    .notNull()
    .references(() => accounts.id),
  userType: text().notNull(),
  seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * An order that waits at Place order. Its quote keeps everything the buyer entered and is checked out (locked
 * against edits) while it is Pending; one decision moves it to Approved (the buyer finishes it), Placed or
 * Rejected (the quote is the buyer's cart again).
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    quoteId: text()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    buyerContactId: text().notNull(),
    /** The checkout template the buyer placed it with; approval places it with the same. */
    templateId: text().notNull(),
    currency: text().notNull(),
    total: money(),
    reasons: jsonb().$type<ApprovalReason[]>().notNull(),
    /** Named approvers; empty: the account's managers. */
    approverIds: text().array().notNull().default(sql`'{}'::text[]`),
    status: text().$type<ApprovalStatus>().notNull().default('Pending'),
    /** The total the approval covers: the buyer may place the quote up to it without asking again. */
    approvedTotal: optionalMoney(),
    buyerToFinish: text().$type<'confirmTotal' | 'pay'>(),
    decidedBy: text(),
    decidedAt: timestamp({ withTimezone: true }),
    comment: text(),
    orderNumber: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.accountId, t.status, t.createdAt),
    index().on(t.quoteId),
    // One open request per quote: a repeated Place order finds it.
    uniqueIndex('approval_requests_open_quote_index')
      .on(t.quoteId)
      .where(sql`${t.status} in ('Pending', 'Approved')`),
    check('approval_requests_status_check', oneOf(t.status, APPROVAL_STATUSES)),
  ],
);
export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;
export type SpendingLimitRow = typeof spendingLimits.$inferSelect;
