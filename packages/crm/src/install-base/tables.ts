import {
  COMPONENT_CONDITIONS,
  COMPONENT_KINDS,
  type ComponentCondition,
  type ComponentKind,
  INSTALL_BASE_STATUSES,
  type InstallBaseStatus,
} from '@storefront/contracts';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, storefronts } from '../core/tables';
import { oneOf } from '../db/columns';

/** The install-base capability's tables (one drizzle schema: db/schema.ts gathers every capability's). */

// The install base (issue 14; docs/decisions/0034-install-base.md).

/**
 * An instrument an account owns: its model (by SKU in the storefront's catalogue, and its name as sold, kept
 * whatever the catalogue does later), serial number, where it stands, when it was installed and the service
 * plan that covers it.
 */
export const installBase = pgTable(
  'install_base',
  {
    id: text().primaryKey(),
    storefrontId: text()
      .notNull()
      .references(() => storefronts.id),
    accountId: text()
      .notNull()
      .references(() => accounts.id),
    modelSku: text().notNull(),
    modelName: text().notNull(),
    serialNumber: text().notNull(),
    site: text().notNull(),
    installedOn: date({ mode: 'string' }).notNull(),
    serviceContract: text(),
    contractEndsOn: date({ mode: 'string' }),
    status: text().$type<InstallBaseStatus>().notNull().default('Active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.serialNumber),
    index().on(t.accountId, t.status),
    check('install_base_status_check', oneOf(t.status, INSTALL_BASE_STATUSES)),
  ],
);

// The parts configurator (issue 14; docs/decisions/0035-parts-configurator.md).

/**
 * A model's parts tree: each row a heading, module or part of the model (by its SKU), under its parent.
 * partNumber is the catalogue SKU, or an obsolete number that part_supersessions leads on from.
 */
export const modelComponents = pgTable(
  'model_components',
  {
    id: text().primaryKey(),
    modelSku: text().notNull(),
    parentId: text().references((): AnyPgColumn => modelComponents.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    kind: text().$type<ComponentKind>().notNull(),
    partNumber: text(),
    name: text().notNull(),
    quantity: integer().notNull().default(1),
  },
  (t) => [
    index().on(t.modelSku, t.position),
    index().on(t.partNumber),
    check('model_components_kind_check', oneOf(t.kind, COMPONENT_KINDS)),
  ],
);

/** An obsolete part number (no longer sold) and the catalogue SKU that replaced it. */
export const partSupersessions = pgTable('part_supersessions', {
  partNumber: text().primaryKey(),
  name: text().notNull(),
  successorSku: text().notNull(),
  reason: text().notNull(),
  supersededOn: date({ mode: 'string' }).notNull(),
});

/** A component fitted to an installed instrument, with its serial when it has one. */
export const installedComponents = pgTable(
  'installed_components',
  {
    id: text().primaryKey(),
    installBaseId: text()
      .notNull()
      .references(() => installBase.id, { onDelete: 'cascade' }),
    partNumber: text().notNull(),
    /** The part's name when it was linked, kept whatever the catalogue does later. */
    name: text().notNull(),
    quantity: integer().notNull().default(1),
    serialNumber: text(),
    condition: text().$type<ComponentCondition>().notNull().default('Good'),
    linkedOn: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.installBaseId),
    check('installed_components_condition_check', oneOf(t.condition, COMPONENT_CONDITIONS)),
  ],
);
