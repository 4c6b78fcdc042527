import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { storefronts } from '../../core/tables';

/**
 * The catalogue search's own tables; each catalogue item's search document is its `search` column
 * (catalogue/tables.ts), kept by PostgreSQL from the item's fields so every writer keeps it current.
 */

/**
 * Words a storefront treats as the same, in groups: a search for one of a group's terms also finds the others
 * ("PE" and "phycoerythrin"). A term may be several words ("monoclonal antibody"). Operators edit the groups
 * (imported and exported with the catalogue).
 */
export const catalogueSynonyms = pgTable(
  'catalogue_synonyms',
  {
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    groupNo: integer().notNull(),
    /** Lower case, single spaces. */
    term: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.storefrontId, t.groupNo, t.term] }), index().on(t.storefrontId, t.term)],
);

/**
 * The words of a storefront's products (letters only, five or more): what a misspelt word is corrected to,
 * by trigram likeness over this list rather than over every product. `lexeme` is the word's stem, so a typed
 * word whose stem the products use ("cytometers") is known and left alone.
 */
export const catalogueSearchTerms = pgTable(
  'catalogue_search_terms',
  {
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    term: text().notNull(),
    lexeme: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storefrontId, t.term] }),
    index('catalogue_search_terms_term_trgm').using('gin', t.term.op('gin_trgm_ops')),
    index().on(t.storefrontId, t.lexeme),
  ],
);

/** Searches that found nothing, per storefront and query (lower case, single spaces), counted for merchandisers. */
export const catalogueZeroResultQueries = pgTable(
  'catalogue_zero_result_queries',
  {
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    query: text().notNull(),
    searches: integer().notNull().default(1),
    firstSearchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSearchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storefrontId, t.query] })],
);
