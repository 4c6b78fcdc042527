import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { quotes } from '../cart/tables';
import { quoteFiles } from '../files/tables';
import { payments } from '../payments/tables';

/** The orders capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

// Placing the order (issue 11; docs/decisions/0019-placing-an-order.md).

/**
 * A checked-out quote's order: one per quote (the primary key makes a second submit a conflict, never a
 * second order) with a number unique across the CRM.
 */
export const orders = pgTable(
  'orders',
  {
    quoteId: text()
      .primaryKey()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    orderNumber: text().notNull(),
    /** The order's PDF (quote_files, relation QPDF). */
    pdfFileId: text()
      .notNull()
      .references(() => quoteFiles.id),
    placedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.orderNumber)],
);

/** The last order number given in a year: incremented under its row lock, so numbers never repeat. */
export const orderNumberCounters = pgTable('order_number_counters', {
  year: integer().primaryKey(),
  last: integer().notNull(),
});

/**
 * Mail the CRM sends, written in the transaction that makes it due and delivered afterwards by SMTP when it
 * is configured (sentAt then set; a failed send is released and tried again later). One order confirmation
 * per quote, one receipt per payment of invoices.
 */
export const crmOutbox = pgTable(
  'crm_outbox',
  {
    id: text().primaryKey(),
    kind: text().$type<'OrderConfirmation' | 'PaymentReceipt'>().notNull(),
    /** The order's quote of an order confirmation. */
    quoteId: text().references(() => quotes.id, { onDelete: 'cascade' }),
    /** The payment of invoices a receipt is for. */
    paymentId: text().references(() => payments.id, { onDelete: 'cascade' }),
    recipient: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    /** A file of the quote sent along (the order's PDF). */
    attachmentFileId: text().references(() => quoteFiles.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /** Failed sends so far; the mail is tried again from nextAttemptAt until the limit. */
    failedAttempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** What the mail server answered to the last failed send, for the person who looks into it. */
    lastError: text(),
  },
  (t) => [
    uniqueIndex().on(t.quoteId, t.kind),
    uniqueIndex().on(t.paymentId),
    index().on(t.sentAt, t.nextAttemptAt),
  ],
);
