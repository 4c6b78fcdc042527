import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { storefronts } from '../core/tables';

/** The events capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

// Business events out (issue 32; docs/decisions/0058-business-events.md).

/**
 * The outbox of business events: written in the transaction of the change it tells of, so an event exists
 * exactly when its change committed. `sequence` counts one subject's events (1, 2, …) so a receiver can order
 * them and see a gap.
 */
export const businessEvents = pgTable(
  'business_events',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    type: text().notNull(),
    /** What the event is about, e.g. `order:SO-2026-000123`. */
    subject: text().notNull(),
    sequence: integer().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the event went to the message broker (null: not yet, or no broker configured). */
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex().on(t.storefrontId, t.subject, t.sequence),
    index('business_events_unpublished_idx').on(t.occurredAt).where(sql`${t.publishedAt} is null`),
  ],
);

/** An operator's webhook endpoint: the storefront's events of its types (none named: every type) go to it. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    url: text().notNull(),
    /** Signs each delivery (HMAC-SHA256); kept as is because signing needs it, shown to the operator once. */
    secret: text().notNull(),
    description: text(),
    eventTypes: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.storefrontId)],
);

/**
 * One event to one endpoint, written with the event. A worker claims it (claimedUntil), posts it and marks it
 * delivered, or counts the failure and waits (nextAttemptAt) before the next try; after the last try it is dead
 * (kept, listed, replayable). A claim a killed worker left expires, and the delivery is tried again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text().primaryKey(),
    eventId: text()
      .notNull()
      .references(() => businessEvents.id, { onDelete: 'cascade' }),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** Tries begun so far (a claim counts one, so a worker killed mid-post still counts). */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp({ withTimezone: true }),
    /** The receiver's status or the network problem of the last failed try. */
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    deadAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex().on(t.eventId, t.endpointId),
    index('webhook_deliveries_pending_idx')
      .on(t.endpointId, t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null and ${t.deadAt} is null`),
    index('webhook_deliveries_dead_idx').on(t.deadAt).where(sql`${t.deadAt} is not null`),
  ],
);
