import { INVOICE_KINDS, type InvoiceKind } from '@storefront/contracts';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { quotes } from '../cart/tables';
import { accounts, storefronts } from '../core/tables';
import { money, oneOf } from '../db/columns';
import { paymentRequests, payments } from '../payments/tables';

/** The invoices capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

// Invoices (issue 13; docs/decisions/0029-invoices.md).

/**
 * An invoice of an order, or a credit memo (negative amounts). Status is derived from kind, balance and due
 * date; the balance falls with each payment applied. Checkout makes one per order (unique quoteId).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: text().primaryKey(),
    invoiceNumber: text().notNull(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    /** The order's quote; null for history from before the portal (the seeded year). */
    quoteId: text().references(() => quotes.id, { onDelete: 'set null' }),
    orderNumber: text(),
    poNumber: text(),
    /** The cost centre or grant code of the order, as it was charged (decision 0063). */
    costCentreCode: text(),
    kind: text().$type<InvoiceKind>().notNull().default('Invoice'),
    invoiceDate: date({ mode: 'string' }).notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    paymentTerms: text().notNull(),
    currency: text().notNull(),
    subtotal: money(),
    discount: money().default(0),
    shipping: money().default(0),
    tax: money().default(0),
    amount: money(),
    balance: money(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.invoiceNumber),
    uniqueIndex().on(t.quoteId),
    index().on(t.accountId, t.invoiceDate),
    check('invoices_kind_check', oneOf(t.kind, INVOICE_KINDS)),
  ],
);

/** An invoice's lines as they were billed: item number and name kept, whatever the catalogue does later. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: text().primaryKey(),
    invoiceId: text()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    sku: text().notNull(),
    name: text().notNull(),
    qty: integer().notNull(),
    unitPrice: money(),
    lineTotal: money(),
  },
  (t) => [uniqueIndex().on(t.invoiceId, t.position)],
);

/** A payment or credit applied to an invoice. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: text().primaryKey(),
    invoiceId: text()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    paidOn: date({ mode: 'string' }).notNull(),
    method: text().notNull(),
    reference: text().notNull(),
    amount: money(),
    /** The card payment made on /billing/payment that applied this; null for other payments and credits. */
    paymentId: text().references(() => payments.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.invoiceId, t.paidOn), index().on(t.paymentId)],
);

/** What a payment of invoices pays of each: the amounts add up to its request's amount. */
export const paymentRequestInvoices = pgTable(
  'payment_request_invoices',
  {
    requestId: text()
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'cascade' }),
    invoiceId: text()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: money(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.invoiceId] }), index().on(t.invoiceId)],
);
