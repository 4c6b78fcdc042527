import type { Section, SsoInfo, Theme } from '@storefront/contracts';
import { type AnyPgColumn, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables';

/** The storefronts capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

export const organisations = pgTable('organisations', {
  id: text().primaryKey(),
  name: text().notNull(),
  salesforceOrgId: text().notNull(),
});

export const themes = pgTable('themes', {
  key: text().primaryKey(),
  /** The storefront the theme was made for; several storefronts may still share it. */
  storefront: text(),
  values: jsonb().$type<Omit<Theme, 'key'>>().notNull(),
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
});

/**
 * A template keeps its sections (with their blocks) as one jsonb document: the CMS writes and the storefront
 * reads a template's layout whole, section and block ids are only unique within their template, and one row
 * per template keeps retrieveContentBlocks a single indexed read. Written only after parsing with the
 * contracts' sectionSchema.
 */
export const templates = pgTable(
  'templates',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    name: text().notNull(),
    createdDate: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    Page_Type: text(),
    Page_Category: text(),
    Friendly_URL: text(),
    Active: boolean().notNull().default(true),
    Continue_Shopping_Template: text(),
    Portal_Home: boolean().notNull().default(false),
    Page_Title: text(),
    Page_Meta_Tags: jsonb().$type<Record<string, string>>(),
    Checkout_Override: text(),
    Quote_eDocument_ID: text(),
    Trackers: text(),
    sections: jsonb().$type<Section[]>().notNull().default([]),
  },
  (t) => [index().on(t.storefrontId, t.name)],
);

export const metaItems = pgTable(
  'meta_items',
  {
    id: text().primaryKey(),
    organisationId: text()
      .notNull()
      .references(() => organisations.id),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    templateId: text().references(() => templates.id),
    accountId: text().references(() => accounts.id),
    key: text().notNull(),
    value: text().notNull(),
  },
  (t) => [index().on(t.storefrontId, t.key)],
);
