import {
  ACCOUNT_PAY_ONLINE_TERMS,
  type AccountPayOnlineTerm,
  CATALOGUE_TYPES,
  type CatalogueType,
  PRICE_SOURCES,
  type PriceSource,
  type SsoInfo,
  type Theme,
} from '@storefront/contracts';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { oneOf } from '../db/columns';

/** The tables every capability stands on: organisations, their storefronts and themes, accounts and catalogues. */

export const organisations = pgTable('organisations', {
  id: text().primaryKey(),
  name: text().notNull(),
  salesforceOrgId: text().notNull(),
});

export const storefronts = pgTable('storefronts', {
  id: text().primaryKey(),
  organisationId: text()
    .notNull()
    .references(() => organisations.id),
  name: text().notNull(),
  domain: text().notNull().unique(),
  resourcesDomain: text().notNull(),
  awsUserPoolId: text().notNull(),
  clientId: text().notNull(),
  clientName: text().notNull(),
  /** Null for an authenticated-only storefront. */
  guestAccountId: text().references((): AnyPgColumn => accounts.id),
  ssoInfo: jsonb().$type<SsoInfo>(),
  themeKey: text()
    .notNull()
    .references(() => themes.key),
  active: boolean().notNull().default(true),
  /** Checkout checks shipping addresses with the tax service (isAvataxAddressValidation). */
  avataxAddressValidation: boolean().notNull().default(true),
  // Shipping settings (spec C§3).
  /** Checkout is refused while no shipping rate is chosen (none reaches the address, or none picked). */
  shippingRateRequired: boolean().notNull().default(false),
  /** Buyers may ship on their own carrier account ('Use your own shipping carrier'). */
  customerCarrierAllowed: boolean().notNull().default(false),
  // Mail senders (docs/decisions/0055-mail-senders.md).
  /** `address` or `Name <address>` the storefront's mail goes out from; null: the process's MAIL_FROM. */
  mailFrom: text(),
  /** Where replies to the storefront's mail go; null: to the sender. */
  mailReplyTo: text(),
});

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

export const catalogues = pgTable(
  'catalogues',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    /** The account an eCatalog was made for; null for Full and Install Base catalogues. */
    accountId: text().references((): AnyPgColumn => accounts.id),
    name: text().notNull(),
    type: text().$type<CatalogueType>().notNull(),
    priceSource: text().$type<PriceSource>().notNull(),
    currency: text().notNull(),
  },
  (t) => [
    index().on(t.storefrontId, t.type),
    check('catalogues_type_check', oneOf(t.type, CATALOGUE_TYPES)),
    check('catalogues_price_source_check', oneOf(t.priceSource, PRICE_SOURCES)),
  ],
);

export const themes = pgTable('themes', {
  key: text().primaryKey(),
  /** The storefront the theme was made for; several storefronts may still share it. */
  storefront: text(),
  values: jsonb().$type<Omit<Theme, 'key'>>().notNull(),
});
