import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { storefronts } from '../core/tables';

/** The search suggestions capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

/**
 * A signed-in buyer's recent searches (issue 34): the last few texts a contact (a user pool contact id) ran a
 * search page for, once each whatever the letter case (`key`), the newest first.
 */
export const recentSearches = pgTable(
  'recent_searches',
  {
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    contactId: text().notNull(),
    /** The text in lower case: the same search typed in another case is one entry. */
    key: text().notNull(),
    text: text().notNull(),
    searchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storefrontId, t.contactId, t.key] }),
    index().on(t.storefrontId, t.contactId, t.searchedAt),
  ],
);
