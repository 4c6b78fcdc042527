import {
  PROMO_CODE_KINDS,
  type PromoCodeKind,
  QUOTE_STATUSES,
  type QuoteStatus,
  type SavedCustomField,
  TAX_STATUSES,
  type TaxDetail,
  type TaxStatus,
} from '@storefront/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { catalogueItems, offers } from '../catalogue/tables';
import { accounts, storefronts } from '../core/tables';
import { costCentres } from '../cost-centres/tables';
import { money, oneOf, optionalMoney } from '../db/columns';

/** The cart capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

/**
 * The cart is a quote (spec C§3, C§4). Totals are written only by the CRM's repricing, in the transaction
 * that changed a line. The address fields are read and written by checkout.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    /**
     * The buyer: a signed-in user's contact (from their token), or on a guest cart the contacts row
     * createGuestBuyer made, whose prospect account is then billToAccountId.
     */
    contactId: text(),
    shipToAccountId: text().references(() => accounts.id),
    /** A guest cart is bound to its guest's secret (an http-only cookie), never to the quote id alone. */
    guestSecretHash: text(),
    status: text().$type<QuoteStatus>().notNull().default('Active'),
    checkedOut: boolean().notNull().default(false),
    currency: text().notNull(),
    subtotal: money().default(0),
    discount: money().default(0),
    total: money().default(0),
    shippingAddress: text(),
    shippingAddress2: text(),
    shippingCity: text(),
    shippingState: text(),
    shippingZip: text(),
    shippingCountry: text(),
    shippingLocationId: text(),
    shippingLocationName: text(),
    shippingContactName: text(),
    shippingContactEmail: text(),
    shippingContactPhone: text(),
    billingAddress1: text(),
    /** Checkout (issue 11): the billing address's second line, like the shipping and deliver-to ones. */
    billingAddress2: text(),
    billingCity: text(),
    billingState: text(),
    billingZip: text(),
    billingCountry: text(),
    billingEmail: text(),
    billingPhone: text(),
    billingContactName: text(),
    billingContactEmail: text(),
    billingContactPhone: text(),
    billToAccountId: text().references(() => accounts.id),
    deliverToAddress: text(),
    deliverToAddress2: text(),
    deliverToCity: text(),
    deliverToState: text(),
    deliverToZip: text(),
    deliverToCountry: text(),
    deliverToAccountId: text().references(() => accounts.id),
    shippingCarrier: text(),
    shippingService: text(),
    shippingAmount: optionalMoney(),
    /** The cold-chain packing (dry ice, cold packs) of the chosen shipping method; null until one is chosen. */
    shippingSurcharge: optionalMoney(),
    customerShippingAccount: text(),
    payOnlineTerms: text(),
    poNumber: text(),
    /**
     * The cost centre or grant code the order is charged to (docs/decisions/0063-cost-centres.md), with its code
     * and name as charged: the order and its invoice keep them whatever the manager changes later.
     */
    costCentreId: text().references(() => costCentres.id),
    costCentreCode: text(),
    costCentreName: text(),
    /** The account's own label and notes for the quote (updateRecord). */
    name: text(),
    notes: text(),
    // The quote's tax (calculateAvaTax): null and NotCalculated until a full shipping address, and again
    // after any line change; the details are the tax service's jurisdictions.
    tax: optionalMoney(),
    taxStatus: text().$type<TaxStatus>().notNull().default('NotCalculated'),
    taxDetails: jsonb().$type<TaxDetail[]>().notNull().default([]),
    /** The checkout's custom form values (issue 11), each with the label the buyer saw. */
    customFields: jsonb().$type<SavedCustomField[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The active-quote lookup: the account's newest Active quote not checked out.
    index().on(t.accountId, t.status, t.checkedOut, t.createdAt),
    check('quotes_status_check', oneOf(t.status, QUOTE_STATUSES)),
    check('quotes_tax_status_check', oneOf(t.taxStatus, TAX_STATUSES)),
  ],
);

export const quoteLineItems = pgTable(
  'quote_line_items',
  {
    id: text().primaryKey(),
    quoteId: text()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    catalogItemId: text()
      .notNull()
      .references(() => catalogueItems.id),
    qty: integer().notNull(),
    offerId: text().references(() => offers.id, { onDelete: 'set null' }),
    offerType: text().$type<'Percent' | 'Amount'>(),
    offerDiscount: optionalMoney(),
    appliedOnField: text(),
    rpId: text(),
    /** The tier's unit price when a quantity tier applied. */
    qtyTierAmt: optionalMoney(),
    unitPrice: money(),
    listPrice: money(),
    /** Before the promo code; the quote's discount is the sum of promoDiscount. */
    lineTotal: money(),
    /** The quote's promo code was applied to this line (applyPromoCodeNG named it). */
    promoApplied: boolean().notNull().default(false),
    promoDiscount: money().default(0),
    /** The account's note on the line (updateRecord). */
    notes: text(),
    /** The unit price sales agreed for a line taken from a prepared quote: it replaces the catalogue's price. */
    agreedUnitPrice: optionalMoney(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.quoteId, t.catalogItemId),
    check('quote_line_items_qty_check', sql`${t.qty} >= 1`),
  ],
);

/** A promo code of a storefront (spec C§7); its code is unique per storefront whatever the letter case. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    code: text().notNull(),
    description: text().notNull().default(''),
    kind: text().$type<PromoCodeKind>().notNull(),
    /** Percent: 0-100; Amount: in the quote's currency. */
    value: money(),
    validFrom: date({ mode: 'string' }),
    validTo: date({ mode: 'string' }),
    /** Null: no limit. */
    usageLimit: integer(),
    active: boolean().notNull().default(true),
    /** False: only the items of promo_code_items are eligible. */
    allItems: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('promo_codes_storefront_code_unique').on(t.storefrontId, sql`lower(${t.code})`),
    check('promo_codes_kind_check', oneOf(t.kind, PROMO_CODE_KINDS)),
    check('promo_codes_value_check', sql`${t.value} >= 0 and (${t.kind} <> 'Percent' or ${t.value} <= 100)`),
    check('promo_codes_usage_limit_check', sql`${t.usageLimit} is null or ${t.usageLimit} >= 0`),
  ],
);

export const promoCodeItems = pgTable(
  'promo_code_items',
  {
    promoCodeId: text()
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    itemId: text()
      .notNull()
      .references(() => catalogueItems.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.itemId] }), index().on(t.itemId)],
);

/**
 * A quote's promo code: one per quote (the unique quoteId). Until the quote's order is placed the use is a
 * reservation: it counts against the code's usage limit until reservedUntil, which every change of the quote
 * moves on, so an abandoned cart frees its use. Placing the order spends it (spentAt): then it counts for good.
 */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: text().primaryKey(),
    promoCodeId: text()
      .notNull()
      .references(() => promoCodes.id),
    quoteId: text()
      .notNull()
      .unique()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    /** False until the batch flagged isLastBatch; until then further batches of the same code may add lines. */
    complete: boolean().notNull().default(false),
    reservedUntil: timestamp({ withTimezone: true }).notNull(),
    /** When the quote's order was placed; null while the use is a reservation. */
    spentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.promoCodeId)],
);
