import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { storefronts } from '../core/tables';

/** The operations capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

/**
 * A storefront's operations keys: what its ERP and other systems authenticate with (`opk_<id>_<secret>`).
 * Only the secret's SHA-256 is kept; a revoked key is refused.
 */
export const operationsKeys = pgTable(
  'operations_keys',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    /** Who holds it ('ERP', 'PIM'): recorded as who made each change. */
    name: text().notNull(),
    secretSha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.storefrontId)],
);

/**
 * The answer of each state-changing call by its Idempotency-Key: the same key with the same body answers it
 * again without acting twice; a key reused with another body is refused. A row with no status is in progress.
 */
export const operationsIdempotency = pgTable(
  'operations_idempotency',
  {
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    key: text().notNull(),
    route: text().notNull(),
    requestSha256: text().notNull(),
    status: integer(),
    answer: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storefrontId, t.key] }), index().on(t.createdAt)],
);
