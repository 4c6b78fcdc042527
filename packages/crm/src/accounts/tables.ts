import { ACCOUNT_PAY_ONLINE_TERMS, type AccountPayOnlineTerm } from '@storefront/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { catalogues } from '../catalogue/tables';
import { oneOf } from '../db/columns';
import { organisations, storefronts } from '../storefronts/tables';

/** The accounts capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

export const accounts = pgTable(
  'accounts',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    organisationId: text()
      .notNull()
      .references(() => organisations.id),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    isGuest: boolean().notNull().default(false),
    /**
     * A buyer who checked out as a guest (createGuestBuyer): a company of its own on the storefront, not yet a
     * customer. Not a guest account: a prospect has no cart of its own and nobody signs in to it.
     */
    isProspect: boolean().notNull().default(false),
    currency: text().notNull(),
    /** The account's own eCatalog; null means the storefront's Full catalogue. */
    catalogueId: text().references((): AnyPgColumn => catalogues.id),
    /** The account holds a sales tax exemption: its quotes are taxed at nothing. */
    taxExempt: boolean().notNull().default(false),
    // Payment (spec C§4): the term a quote's 'Use Account Pay Online Terms' falls back to; null: optional.
    payOnlineTerms: text().$type<AccountPayOnlineTerm>(),
    /** Invoices (issue 13): an order on account is due this many days after its invoice date (Net 30). */
    invoiceTermDays: integer().notNull().default(30),
    /** Whether the account's terms let it pay part of an invoice online (/billing/payment). */
    partialInvoicePayments: boolean().notNull().default(false),
    // Checkout addresses (spec C§3): the account's hierarchy and its billing and shipping address.
    /** The parent of a child account; a parent's HIERARCHY address selection includes its children. */
    parentAccountId: text().references((): AnyPgColumn => accounts.id),
    billingStreet: text(),
    billingCity: text(),
    billingState: text(),
    billingPostalCode: text(),
    billingCountry: text(),
    shippingStreet: text(),
    shippingCity: text(),
    shippingState: text(),
    shippingPostalCode: text(),
    shippingCountry: text(),
    // Shipping preferences (/billing/shippingmethods): checkout's shipping method step starts from them.
    preferredShippingCarrier: text(),
    preferredShippingService: text(),
    /** The account's own carrier account number, used with 'Use your own shipping carrier'. */
    carrierAccountNumber: text(),
  },
  (t) => [
    index().on(t.storefrontId),
    index().on(t.parentAccountId),
    check(
      'accounts_pay_online_terms_check',
      sql`${t.payOnlineTerms} is null or ${oneOf(t.payOnlineTerms, ACCOUNT_PAY_ONLINE_TERMS)}`,
    ),
  ],
);

/**
 * Portal accessible accounts (spec P§3): a master account relates another account its users may act for
 * (Select Account, P§6). Portal_Context records serve the portal's own look-ups and are left out of the
 * Related accounts list unless asked for; Ship_To marks a related account that takes orders shipped in the
 * master's behalf (docs/decisions/0025-related-accounts.md).
 */
export const portalAccessibleAccounts = pgTable(
  'portal_accessible_accounts',
  {
    id: text().primaryKey(),
    masterAccountId: text()
      .notNull()
      .references(() => accounts.id),
    relatedAccountId: text()
      .notNull()
      .references(() => accounts.id),
    portalContext: boolean().notNull().default(false),
    shipTo: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex().on(t.masterAccountId, t.relatedAccountId),
    index().on(t.relatedAccountId),
    check('portal_accessible_accounts_not_self', sql`${t.masterAccountId} <> ${t.relatedAccountId}`),
  ],
);

/**
 * The account a contact acts for and the account their orders ship to, per storefront and contact (a
 * contact id from the user pool: no contacts row is required). Null: their own account / no ship-to.
 */
export const accountSelections = pgTable(
  'account_selections',
  {
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    contactId: text().notNull(),
    selectedAccountId: text().references(() => accounts.id),
    shipToAccountId: text().references(() => accounts.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storefrontId, t.contactId] })],
);

/**
 * An account's delivery locations (spec C§3 location source): the checkout lists them and may add, change or
 * delete them. At most one per account is its default.
 */
/** A person of an account the CRM knows by name: today the buyer a guest checkout names (createGuestBuyer). */
export const contacts = pgTable(
  'contacts',
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(''),
    /** The portal user this contact is (username plus storefront id); null for a contact without one. */
    awsUserId: text(),
    /** Whether that portal user is enabled in the pool, as the gateway last reported it. */
    portalUserActive: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId)],
);

export const locations = pgTable(
  'locations',
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    name: text().notNull(),
    address: text().notNull().default(''),
    address2: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    zip: text().notNull().default(''),
    country: text().notNull().default(''),
    isDefault: boolean().notNull().default(false),
    // The person a delivery to the location is for (the address book's contact; '' when none was given).
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    phone: text().notNull().default(''),
    email: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.accountId, t.name),
    uniqueIndex('locations_one_default_per_account').on(t.accountId).where(sql`${t.isDefault}`),
  ],
);

/** The user activity log: who did what (sign-in, sign-out) on which storefront, for which account. */
export const userActivityLog = pgTable(
  'user_activity_log',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    username: text().notNull(),
    activity: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.storefrontId, t.username, t.createdAt)],
);
