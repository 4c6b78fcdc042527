import {
  CARD_BRANDS,
  type CardBrand,
  OTHER_CARD_BRAND,
  PAYMENT_STATUSES,
  type PaymentStatus,
  REFUND_STATUSES,
  type RefundStatus,
} from '@storefront/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { quotes } from '../cart/tables';
import { accounts } from '../core/tables';
import { money, oneOf } from '../db/columns';

/** The payments capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

/**
 * A payment request the CRM signed: for a quote at checkout (generateSignature), or for open invoices on
 * /billing/payment (its invoices in payment_request_invoices; docs/decisions/0033-paying-invoices.md). The
 * amount is the CRM's, computed when the request was made. A request is answered at most once
 * (payments.requestId).
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: text().primaryKey(),
    /** The quote paid at checkout; null for a payment of invoices. */
    quoteId: text().references(() => quotes.id, { onDelete: 'cascade' }),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    /** Who pays invoices: the receipt is mailed to them. */
    contactId: text(),
    /** The saved card charged server to server; null when the card is entered on the hosted page. */
    paymentMethodId: text().references(() => paymentMethods.id, { onDelete: 'set null' }),
    amount: money(),
    currency: text().notNull(),
    /** Where the hosted page sends the buyer back; null for a saved card's charge, which has no page. */
    returnUrl: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * When a newer request for the same quote or invoice replaced this one: one request is open at a time, and
     * a result for a closed request is recorded and refunded, never applied.
     */
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.quoteId)],
);

/**
 * Every result the provider reported (paymentRequestHandler): one per provider nonce, so a replayed callback is
 * refused, and as many per request as the provider charged (a page paid from two tabs charges twice). Of the card
 * only the provider's token, brand and last 4.
 */
export const payments = pgTable(
  'payments',
  {
    id: text().primaryKey(),
    requestId: text()
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'cascade' }),
    /** The quote paid at checkout; null for a payment of invoices. */
    quoteId: text().references(() => quotes.id, { onDelete: 'cascade' }),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    status: text().$type<PaymentStatus>().notNull(),
    amount: money(),
    currency: text().notNull(),
    /** The provider's token for the card; null for a declined card. */
    token: text(),
    brand: text().$type<CardBrand>().notNull(),
    last4: text().notNull(),
    declineReason: text(),
    /**
     * Why a succeeded charge could not be applied to what it paid (its request was replaced or expired, the quote
     * or the invoices were paid meanwhile): null when it was applied. Such a charge is refunded in full.
     */
    notAppliedReason: text(),
    nonce: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.requestId),
    index().on(t.quoteId, t.createdAt),
    check('payments_status_check', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_brand_check', oneOf(t.brand, [...CARD_BRANDS, OTHER_CARD_BRAND])),
    check('payments_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * Money the CRM gives back at the provider: a charge that could not be applied, in full, or what a quote's
 * payments exceed its order's total by. Pending until the provider confirms; Failed after its last try, which
 * leaves it for the supplier to refund by hand (docs/decisions/0015-hosted-payments.md).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text().primaryKey(),
    paymentId: text()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: money(),
    currency: text().notNull(),
    reason: text().notNull(),
    status: text().$type<RefundStatus>().notNull().default('Pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    settledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.paymentId),
    index().on(t.status, t.nextAttemptAt),
    check('payment_refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
    check('payment_refunds_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * A request to save a card on the provider's page (startSavingPaymentMethod): no amount, answered at most once
 * (paymentMethods.requestId, and the declined_at mark for a card the provider refused).
 */
export const paymentMethodRequests = pgTable('payment_method_requests', {
  id: text().primaryKey(),
  accountId: text()
    .notNull()
    .references(() => accounts.id),
  /** The contact the gateway bound: who saved the card. */
  contactId: text(),
  returnUrl: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  /** When the provider reported the card declined: the request is answered, nothing was saved. */
  declinedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A saved card of an account (docs/decisions/0030-saved-payment-methods.md): the provider's token and what a
 * buyer recognises the card by (brand, last 4, expiry), never its number. One default per account.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    /** The provider's token: what a later payment names instead of the card. */
    token: text().notNull().unique(),
    brand: text().$type<CardBrand>().notNull(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    isDefault: boolean().notNull().default(false),
    createdByContactId: text(),
    /** The save request it answers (null for seeded cards) and the provider's nonce: a replay saves nothing. */
    requestId: text()
      .unique()
      .references(() => paymentMethodRequests.id, { onDelete: 'set null' }),
    nonce: text().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.accountId, t.createdAt),
    uniqueIndex('payment_methods_one_default_per_account').on(t.accountId).where(sql`${t.isDefault}`),
    check('payment_methods_brand_check', oneOf(t.brand, [...CARD_BRANDS, OTHER_CARD_BRAND])),
    check('payment_methods_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_methods_exp_month_check', sql`${t.expMonth} between 1 and 12`),
  ],
);
