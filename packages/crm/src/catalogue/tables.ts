import {
  CONFIGURATION_MODES,
  type ConfigurationMode,
  type CustomAction,
  type PicklistField,
  PRICE_SOURCES,
  type PriceSource,
  type ProductDocument,
  type Specification,
} from '@storefront/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { accounts, catalogues, organisations, storefronts } from '../core/tables';
import { money, oneOf, optionalMoney, tsvector } from '../db/columns';
import { templates } from '../storefronts/tables';

/** The catalogue capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

export const categories = pgTable(
  'categories',
  {
    id: text().primaryKey(),
    catalogueId: text()
      .notNull()
      .references(() => catalogues.id),
    name: text().notNull(),
    slug: text().notNull(),
    parentId: text().references((): AnyPgColumn => categories.id),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [uniqueIndex().on(t.catalogueId, t.slug)],
);

export const catalogueItems = pgTable(
  'catalogue_items',
  {
    id: text().primaryKey(),
    catalogueId: text()
      .notNull()
      .references(() => catalogues.id),
    categoryId: text()
      .notNull()
      .references(() => categories.id),
    sku: text().notNull(),
    name: text().notNull(),
    slug: text().notNull(),
    shortDescription: text().notNull().default(''),
    description: text().notNull().default(''),
    images: jsonb().$type<string[]>().notNull().default([]),
    /** Pack size or unit of sale, e.g. '100 tests'. */
    unit: text().notNull(),
    requiresConfiguration: text().$type<ConfigurationMode>(),
    productTemplateId: text()
      .notNull()
      .references(() => templates.id),
    listPrice: money(),
    negotiatedPrice: optionalMoney(),
    priceSource: text().$type<PriceSource>().notNull(),
    attributes: jsonb().$type<Record<string, string>>().notNull().default({}),
    customAction: jsonb().$type<CustomAction>(),
    sortOrder: integer().notNull().default(0),
    /** The product page's specifications table, in display order; `attributes` stay the facets. */
    specifications: jsonb().$type<Specification[]>().notNull().default([]),
    /** Hazard statements for the safety data sheet; empty: not hazardous. */
    hazards: jsonb().$type<string[]>().notNull().default([]),
    /** Its data sheet, manual or certificates, in display order (docs/decisions/0056-catalogue-import.md). */
    documents: jsonb().$type<ProductDocument[]>().notNull().default([]),
    /** No longer sold: out of lists, search and quick order; kept for the carts and orders that hold it. */
    discontinued: boolean().notNull().default(false),
    /** What a discontinued product's buyers order instead; quick order names it. */
    replacementSku: text(),
    /**
     * The search document (catalogue/search): catalogue number, name, target, clone and CAS number weigh A;
     * the other fields a lab searches by B; the short description C; the description D. Hyphens read as
     * spaces on both sides of a search ("anti-CD3", "7-AAD"). Kept by PostgreSQL, so every writer keeps it.
     */
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, translate(sku || ' ' || name || ' ' || jsonb_path_query_array(specifications, '$[*] ? (@.name == "Target" || @.name == "Clone" || @.name == "CAS number").value')::text, '-–', '  ')), 'A') || setweight(to_tsvector('english'::regconfig, translate(jsonb_path_query_array(specifications, '$[*] ? (@.name == "Host species" || @.name == "Reactivity" || @.name == "Conjugate" || @.name == "Fluorochrome" || @.name == "Application" || @.name == "Size" || @.name == "Isotype").value')::text || ' ' || jsonb_path_query_array(attributes, '$.*')::text, '-–', '  ')), 'B') || setweight(to_tsvector('english'::regconfig, translate(short_description, '-–', '  ')), 'C') || setweight(to_tsvector('english'::regconfig, translate(description, '-–', '  ')), 'D')`,
      ),
  },
  (t) => [
    uniqueIndex().on(t.catalogueId, t.sku),
    index('catalogue_items_search').using('gin', t.search),
    uniqueIndex().on(t.catalogueId, t.slug),
    index().on(t.catalogueId, t.categoryId, t.sortOrder),
    // Trigram indexes serve the case-insensitive 'contains' search on each searched column.
    index('catalogue_items_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('catalogue_items_sku_trgm').using('gin', t.sku.op('gin_trgm_ops')),
    index('catalogue_items_short_description_trgm').using('gin', t.shortDescription.op('gin_trgm_ops')),
    // Picklist filters are containment tests (attributes @> '{"Species":"Human"}'): this index finds the
    // matching items of a big category without reading every item of it.
    index('catalogue_items_attributes_gin').using('gin', t.attributes.op('jsonb_path_ops')),
    check('catalogue_items_price_source_check', oneOf(t.priceSource, PRICE_SOURCES)),
    check(
      'catalogue_items_requires_configuration_check',
      sql`${t.requiresConfiguration} is null or ${oneOf(t.requiresConfiguration, CONFIGURATION_MODES)}`,
    ),
  ],
);

/**
 * Manufactured lots of a product, by SKU within the organisation: a lot is made once, whichever catalogues
 * sell the product. Its certificate of analysis is generated from this row and the product.
 */
export const productLots = pgTable(
  'product_lots',
  {
    organisationId: text()
      .notNull()
      .references(() => organisations.id),
    sku: text().notNull(),
    lotNumber: text().notNull(),
    manufacturedOn: date({ mode: 'string' }).notNull(),
    expiresOn: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.sku, t.lotNumber] }),
    check('product_lots_dates_check', sql`${t.expiresOn} > ${t.manufacturedOn}`),
  ],
);

/**
 * Stock of a SKU in each of the organisation's warehouses, with how many days an order takes to ship from
 * there: a product is stocked once, whichever catalogues sell it (like its lots).
 */
export const productStock = pgTable(
  'product_stock',
  {
    organisationId: text()
      .notNull()
      .references(() => organisations.id),
    sku: text().notNull(),
    warehouse: text().notNull(),
    quantity: integer().notNull(),
    leadTimeDays: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.sku, t.warehouse] }),
    check('product_stock_values_check', sql`${t.quantity} >= 0 and ${t.leadTimeDays} >= 0`),
  ],
);

export const quantityTiers = pgTable(
  'quantity_tiers',
  {
    id: text().primaryKey(),
    itemId: text()
      .notNull()
      .references(() => catalogueItems.id, { onDelete: 'cascade' }),
    /** Start quantity, inclusive. */
    sv: integer().notNull(),
    /** End quantity, inclusive; null means open-ended. */
    ev: integer(),
    price: money(),
  },
  (t) => [
    index().on(t.itemId, t.sv),
    check('quantity_tiers_range_check', sql`${t.sv} >= 1 and (${t.ev} is null or ${t.ev} >= ${t.sv})`),
  ],
);

export const offers = pgTable(
  'offers',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    name: text().notNull(),
    description: text().notNull().default(''),
    offerType: text().$type<'Percent' | 'Amount'>().notNull(),
    discount: money(),
    /** 'List Price' discounts the list price; anything else the price the account pays. */
    appliedOnField: text().notNull(),
    validFrom: date({ mode: 'string' }),
    validTo: date({ mode: 'string' }),
  },
  (t) => [
    index().on(t.storefrontId),
    check('offers_offer_type_check', oneOf(t.offerType, ['Percent', 'Amount'])),
  ],
);

export const offerItems = pgTable(
  'offer_items',
  {
    offerId: text()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    itemId: text()
      .notNull()
      .references(() => catalogueItems.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.itemId] }), index().on(t.itemId)],
);

/**
 * A named set of catalogue filters an account saved (saveECatalogFilters); read back by id (getSavedFilter,
 * `ecfr`). Saving a name the account already used replaces that filter, whatever the letter case.
 */
export const savedCatalogueFilters = pgTable(
  'saved_catalogue_filters',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    catalogueId: text()
      .notNull()
      .references(() => catalogues.id),
    name: text().notNull(),
    categoryId: text().references(() => categories.id, { onDelete: 'set null' }),
    searchText: text(),
    filters: jsonb().$type<Partial<Record<PicklistField, string[]>>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_catalogue_filters_account_name_unique').on(t.accountId, sql`lower(${t.name})`)],
);
