import {
  CPQ_RULES,
  type CpqRule,
  PREPARED_QUOTE_STATUSES,
  type PreparedQuoteStatus,
} from '@storefront/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { quoteLineItems, quotes } from '../cart/tables';
import { catalogueItems } from '../catalogue/tables';
import { accounts, storefronts } from '../core/tables';
import { money, oneOf } from '../db/columns';

/** The sales capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

// Quotes prepared by sales (issue 14; docs/decisions/0038-elearning-and-sales-quotes.md).

/**
 * A quote an account manager prepared for an account: agreed prices, valid until a date, taken once by a buyer
 * of the account as their cart (cartQuoteId is the cart it became).
 */
export const preparedQuotes = pgTable(
  'prepared_quotes',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    number: text().notNull(),
    title: text().notNull(),
    preparedBy: text().notNull(),
    preparedByEmail: text().notNull(),
    note: text().notNull().default(''),
    currency: text().notNull(),
    validUntil: date({ mode: 'string' }).notNull(),
    status: text().$type<PreparedQuoteStatus>().notNull().default('Open'),
    takenAt: timestamp({ withTimezone: true }),
    takenByContactId: text(),
    cartQuoteId: text().references(() => quotes.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.number),
    index().on(t.accountId, t.status),
    check('prepared_quotes_status_check', oneOf(t.status, PREPARED_QUOTE_STATUSES)),
  ],
);

/** A line of a prepared quote: an item of the account's catalogue, its quantity and the agreed unit price. */
export const preparedQuoteLines = pgTable(
  'prepared_quote_lines',
  {
    id: text().primaryKey(),
    preparedQuoteId: text()
      .notNull()
      .references(() => preparedQuotes.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    catalogItemId: text()
      .notNull()
      .references(() => catalogueItems.id),
    qty: integer().notNull(),
    agreedUnitPrice: money(),
    note: text(),
  },
  (t) => [
    // The cart holds an item once, so a prepared quote does too.
    uniqueIndex().on(t.preparedQuoteId, t.catalogItemId),
    check('prepared_quote_lines_qty_check', sql`${t.qty} >= 1`),
  ],
);

// Configure-price-quote and configured groups in the cart (issue 14; docs/decisions/0036-quick-order-and-cpq.md).

/**
 * An option rule of a configurable instrument model, by SKU within a storefront (each account's catalogue
 * prices the SKUs its own way): 'Needs' options come with the instrument, 'Suggests' options are offered.
 */
export const cpqOptionRules = pgTable(
  'cpq_option_rules',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    modelSku: text().notNull(),
    optionSku: text().notNull(),
    rule: text().$type<CpqRule>().notNull(),
    /** How many come with one instrument. */
    qtyPerInstrument: integer().notNull().default(1),
    section: text().notNull(),
    note: text().notNull().default(''),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex().on(t.storefrontId, t.modelSku, t.optionSku),
    check('cpq_option_rules_rule_check', oneOf(t.rule, CPQ_RULES)),
    check('cpq_option_rules_qty_check', sql`${t.qtyPerInstrument} >= 1`),
  ],
);

export const CONFIGURED_LINE_ROLES = ['Instrument', 'Option'] as const;
export type ConfiguredLineRole = (typeof CONFIGURED_LINE_ROLES)[number];

/**
 * The lines of a configured group in a cart: its instrument line and its option lines. Removing the
 * instrument line removes the group's option lines with it (deleteLines); a line is in one group at most.
 */
export const configuredGroupLines = pgTable(
  'configured_group_lines',
  {
    lineId: text()
      .primaryKey()
      .references(() => quoteLineItems.id, { onDelete: 'cascade' }),
    groupId: text().notNull(),
    role: text().$type<ConfiguredLineRole>().notNull(),
  },
  (t) => [
    index().on(t.groupId),
    check('configured_group_lines_role_check', oneOf(t.role, CONFIGURED_LINE_ROLES)),
  ],
);
