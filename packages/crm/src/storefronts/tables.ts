import type { Section } from '@storefront/contracts';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, organisations, storefronts } from '../core/tables';

/** The storefronts capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

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
