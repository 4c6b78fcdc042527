import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { storefronts } from '../core/tables';

/** The checkout capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

// Purchase orders (checkout): the storefront's duplicate-PO setting, the quotes' PO files and their uploads.

/**
 * Whether checkout refuses a PO number another quote of the account already has (spec C§5), and the text it
 * says so with (null: 'Error - PO Number already exists'). No row: no check.
 */
export const purchaseOrderSettings = pgTable('purchase_order_settings', {
  storefrontId: text()
    .primaryKey()
    .references(() => storefronts.id),
  duplicateCheck: boolean().notNull().default(false),
  duplicateMessage: text(),
});
