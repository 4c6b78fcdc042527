import { ORDER_ACTORS, ORDER_STATUSES, type OrderActor, type OrderStatus } from '@storefront/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { quotes } from '../cart/tables';
import { oneOf } from '../db/columns';
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
    /** Where the order is in its life (issue 32; docs/decisions/0057-order-life.md). */
    status: text().$type<OrderStatus>().notNull().default('placed'),
    /** Counts the order's changes (1 when placed): a change made against another version is refused. */
    version: integer().notNull().default(1),
    /** The supplier's ERP's own number for the order, given when it confirms it. */
    erpOrderNumber: text(),
  },
  (t) => [
    uniqueIndex().on(t.orderNumber),
    index().on(t.placedAt),
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
  ],
);

/**
 * Each change of an order's status, as the buyer's timeline shows it: one row per version of the order (1: placed),
 * so the rows read in the order the changes were made; a second shipment adds a row of the same status.
 */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    /** The order (orders are keyed by their quote). */
    quoteId: text()
      .notNull()
      .references(() => orders.quoteId, { onDelete: 'cascade' }),
    version: integer().notNull(),
    status: text().$type<OrderStatus>().notNull(),
    /** When it happened: a shipment's or delivery's time as the ERP gives it, else when it was recorded. */
    at: timestamp({ withTimezone: true }).notNull(),
    actor: text().$type<OrderActor>().notNull(),
    /** The buyer's name, or the operations key's name. */
    by: text().notNull(),
    note: text(),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.version] }),
    check('order_status_history_status_check', oneOf(t.status, ORDER_STATUSES)),
    check('order_status_history_actor_check', oneOf(t.actor, ORDER_ACTORS)),
  ],
);

/** A parcel of an order that left the supplier, with its carrier's tracking. */
export const shipments = pgTable(
  'shipments',
  {
    id: text().primaryKey(),
    quoteId: text()
      .notNull()
      .references(() => orders.quoteId, { onDelete: 'cascade' }),
    carrier: text().notNull(),
    service: text(),
    trackingNumber: text().notNull(),
    trackingUrl: text(),
    shippedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.quoteId)],
);

/** What a shipment holds: quantities of the order's SKUs, each from one lot when the ERP names it. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: text()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** The line's place in the shipment as the ERP sent it (1, 2, …). */
    position: integer().notNull(),
    sku: text().notNull(),
    quantity: integer().notNull(),
    lotNumber: text(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.position] }),
    check('shipment_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** The last order number given in a year: incremented under its row lock, so numbers never repeat. */
export const orderNumberCounters = pgTable('order_number_counters', {
  year: integer().primaryKey(),
  last: integer().notNull(),
});

/**
 * Mail the CRM sends, written in the transaction that makes it due and delivered afterwards by SMTP when it
 * is configured (sentAt then set; a failed send is released and tried again later). One order confirmation
 * per quote, one receipt per payment of invoices; of an order's life (0057) one mail per kind, and one per
 * shipment.
 */
export const crmOutbox = pgTable(
  'crm_outbox',
  {
    id: text().primaryKey(),
    /** OrderConfirmation: the order was placed; OrderConfirmed: the supplier confirmed it. */
    kind: text()
      .$type<
        | 'OrderConfirmation'
        | 'PaymentReceipt'
        | 'OrderConfirmed'
        | 'OrderShipped'
        | 'OrderCancelled'
        // Approvals (0064): sent with no quote, as a quote may be asked about more than once.
        | 'ApprovalRequested'
        | 'ApprovalDecided'
      >()
      .notNull(),
    /** The order's quote of an order confirmation. */
    quoteId: text().references(() => quotes.id, { onDelete: 'cascade' }),
    /** The payment of invoices a receipt is for. */
    paymentId: text().references(() => payments.id, { onDelete: 'cascade' }),
    /** The shipment an OrderShipped mail tells of. */
    shipmentId: text().references(() => shipments.id, { onDelete: 'cascade' }),
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
    uniqueIndex().on(t.quoteId, t.kind).where(sql`${t.shipmentId} is null`),
    uniqueIndex().on(t.paymentId),
    uniqueIndex().on(t.shipmentId),
    index().on(t.sentAt, t.nextAttemptAt),
  ],
);
