import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contacts } from '../accounts/tables';
import { accounts } from '../core/tables';
import { optionalMoney } from '../db/columns';

/** The cost centres capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

// Cost centres and grant codes (issue 33; docs/decisions/0063-cost-centres.md).

/**
 * An account's cost centre or grant code: a code unique in the account whatever its letter case, an owner
 * among the account's contacts, a budget in the account's currency (null: none) and the dates it may be
 * charged between (inclusive; null: open). Never deleted: orders keep naming it.
 */
export const costCentres = pgTable(
  'cost_centres',
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    code: text().notNull(),
    name: text().notNull(),
    ownerContactId: text().references(() => contacts.id),
    budget: optionalMoney(),
    validFrom: date({ mode: 'string' }),
    validUntil: date({ mode: 'string' }),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cost_centres_account_code').on(t.accountId, sql`lower(${t.code})`),
    index().on(t.accountId, t.active),
    check('cost_centres_budget_check', sql`${t.budget} is null or ${t.budget} >= 0`),
    check(
      'cost_centres_validity_check',
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} <= ${t.validUntil}`,
    ),
  ],
);

/** Whether checkout requires a code on every order of the account; no row: asked, not required. */
export const costCentreSettings = pgTable('cost_centre_settings', {
  accountId: text()
    .primaryKey()
    .references(() => accounts.id),
  required: boolean().notNull().default(false),
});
