import { sql } from 'drizzle-orm';
import { boolean, check, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { organisations } from '../core/tables';
import { oneOf } from '../db/columns';
import { COLD_CHAINS, type ColdChain } from '../shipping/rules/profile';

/** The shipping capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

/**
 * How a product travels, by SKU within the organisation (a product weighs the same in every catalogue): its
 * packed weight and box, the cold chain it needs, its dangerous-goods class, and whether it ships at all
 * (services, training and warranties do not).
 */
export const shippingProfiles = pgTable(
  'shipping_profiles',
  {
    organisationId: text()
      .notNull()
      .references(() => organisations.id),
    sku: text().notNull(),
    shippable: boolean().notNull(),
    /** One unit as packed; dimensions are its box. */
    weightKg: numeric({ precision: 8, scale: 3, mode: 'number' }).notNull(),
    lengthCm: numeric({ precision: 6, scale: 1, mode: 'number' }).notNull(),
    widthCm: numeric({ precision: 6, scale: 1, mode: 'number' }).notNull(),
    heightCm: numeric({ precision: 6, scale: 1, mode: 'number' }).notNull(),
    coldChain: text().$type<ColdChain>().notNull(),
    /** The UN dangerous-goods class ('8', '6.1' …); null: not dangerous goods in transport. */
    hazardClass: text(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.sku] }),
    check('shipping_profiles_cold_chain_check', oneOf(t.coldChain, COLD_CHAINS)),
    check(
      'shipping_profiles_size_check',
      sql`${t.weightKg} >= 0 and ${t.lengthCm} >= 0 and ${t.widthCm} >= 0 and ${t.heightCm} >= 0`,
    ),
  ],
);
