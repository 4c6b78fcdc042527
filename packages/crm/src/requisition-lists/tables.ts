import { LIST_SHARING, type ListSharing } from '@storefront/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, storefronts } from '../core/tables';
import { oneOf } from '../db/columns';

/** The requisition lists capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

// Requisition lists (issue 33; docs/decisions/0062-requisition-lists.md).

/**
 * A buyer's named list of SKUs and quantities, of one account (the one the buyer acted for when making it) and
 * owned by one contact (a user pool contact id: no contacts row is required), private or shared with the account.
 */
export const requisitionLists = pgTable(
  'requisition_lists',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    ownerContactId: text().notNull(),
    name: text().notNull(),
    sharing: text().$type<ListSharing>().notNull().default('private'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.accountId, t.ownerContactId),
    check('requisition_lists_sharing_check', oneOf(t.sharing, LIST_SHARING)),
  ],
);

/** A line of a list: a SKU (kept by number, so a list outlives catalogue changes and says why) and its quantity. */
export const requisitionListLines = pgTable(
  'requisition_list_lines',
  {
    id: text().primaryKey(),
    listId: text()
      .notNull()
      .references(() => requisitionLists.id, { onDelete: 'cascade' }),
    sku: text().notNull(),
    qty: integer().notNull(),
    /** Lines read in the order they were first added. */
    position: integer().notNull(),
  },
  (t) => [
    uniqueIndex().on(t.listId, t.sku),
    check('requisition_list_lines_qty_check', sql`${t.qty} between 1 and 100000`),
  ],
);
