import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, storefronts } from '../core/tables';

/** The accounts capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

/**
 * Portal accessible accounts (spec P§3): a master account relates another account its users may act for
 * (Select Account, P§6). Portal_Context records serve the portal's own look-ups and are left out of the
 * Related accounts list unless asked for; Ship_To marks a related account that takes orders shipped in the
 * master's behalf (docs/decisions/0025-related-accounts.md).
 */
export const portalAccessibleAccounts = pgTable(
  'portal_accessible_accounts',
  {
    id: text().primaryKey(),
    masterAccountId: text()
      .notNull()
      .references(() => accounts.id),
    relatedAccountId: text()
      .notNull()
      .references(() => accounts.id),
    portalContext: boolean().notNull().default(false),
    shipTo: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex().on(t.masterAccountId, t.relatedAccountId),
    index().on(t.relatedAccountId),
    check('portal_accessible_accounts_not_self', sql`${t.masterAccountId} <> ${t.relatedAccountId}`),
  ],
);

/**
 * The account a contact acts for and the account their orders ship to, per storefront and contact (a
 * contact id from the user pool: no contacts row is required). Null: their own account / no ship-to.
 */
export const accountSelections = pgTable(
  'account_selections',
  {
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    contactId: text().notNull(),
    selectedAccountId: text().references(() => accounts.id),
    shipToAccountId: text().references(() => accounts.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storefrontId, t.contactId] })],
);

/**
 * An account's delivery locations (spec C§3 location source): the checkout lists them and may add, change or
 * delete them. At most one per account is its default.
 */
/** A person of an account the CRM knows by name: today the buyer a guest checkout names (createGuestBuyer). */
export const contacts = pgTable(
  'contacts',
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(''),
    /** The portal user this contact is (username plus storefront id); null for a contact without one. */
    awsUserId: text(),
    /** Whether that portal user is enabled in the pool, as the gateway last reported it. */
    portalUserActive: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId)],
);

export const locations = pgTable(
  'locations',
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    name: text().notNull(),
    address: text().notNull().default(''),
    address2: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    zip: text().notNull().default(''),
    country: text().notNull().default(''),
    isDefault: boolean().notNull().default(false),
    // The person a delivery to the location is for (the address book's contact; '' when none was given).
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    phone: text().notNull().default(''),
    email: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.accountId, t.name),
    uniqueIndex('locations_one_default_per_account').on(t.accountId).where(sql`${t.isDefault}`),
  ],
);

/** The user activity log: who did what (sign-in, sign-out) on which storefront, for which account. */
export const userActivityLog = pgTable(
  'user_activity_log',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    username: text().notNull(),
    activity: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.storefrontId, t.username, t.createdAt)],
);
