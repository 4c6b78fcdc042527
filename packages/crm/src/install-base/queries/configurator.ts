import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import {
  catalogueItems,
  installBase,
  installedComponents,
  modelComponents,
  partSupersessions,
} from '../../db/schema';

export type ModelComponentRow = typeof modelComponents.$inferSelect;
export type SupersessionRow = typeof partSupersessions.$inferSelect;
export type InstalledComponentRow = typeof installedComponents.$inferSelect;

/** What the configurator shows and prices of a catalogue item. */
export const orderableFields = {
  id: catalogueItems.id,
  sku: catalogueItems.sku,
  name: catalogueItems.name,
  unit: catalogueItems.unit,
  images: catalogueItems.images,
  priceSource: catalogueItems.priceSource,
  listPrice: catalogueItems.listPrice,
  negotiatedPrice: catalogueItems.negotiatedPrice,
};
export type OrderableRow = {
  [K in keyof typeof orderableFields]: (typeof catalogueItems.$inferSelect)[K];
};

/** A model's parts tree, parents before their children. */
export function partsTreeRows(db: CrmDb, modelSku: string): Promise<ModelComponentRow[]> {
  return db
    .select()
    .from(modelComponents)
    .where(eq(modelComponents.modelSku, modelSku))
    .orderBy(asc(modelComponents.position));
}

/** Every model SKU that has a parts tree. */
export async function modelsWithTrees(db: CrmDb): Promise<string[]> {
  const rows = await db
    .selectDistinct({ modelSku: modelComponents.modelSku })
    .from(modelComponents)
    .orderBy(asc(modelComponents.modelSku));
  return rows.map((row) => row.modelSku);
}

/** Every part number any model's tree lists, with the models listing it. */
export function treeRowsOfParts(db: CrmDb, partNumbers: readonly string[]): Promise<ModelComponentRow[]> {
  if (partNumbers.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(modelComponents)
    .where(inArray(modelComponents.partNumber, [...partNumbers]));
}

/** The parts listed under these parents (the modules and headings of some tree). */
export function treeRowsUnder(db: CrmDb, parentIds: readonly string[]): Promise<ModelComponentRow[]> {
  if (parentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(modelComponents)
    .where(inArray(modelComponents.parentId, [...parentIds]))
    .orderBy(asc(modelComponents.position));
}

/** The supersessions of these part numbers, by the obsolete number. */
export async function supersessionsOf(
  db: CrmDb,
  partNumbers: readonly string[],
): Promise<Map<string, SupersessionRow>> {
  if (partNumbers.length === 0) return new Map();
  const rows = await db
    .select()
    .from(partSupersessions)
    .where(inArray(partSupersessions.partNumber, [...partNumbers]));
  return new Map(rows.map((row) => [row.partNumber, row]));
}

/** The obsolete numbers a SKU replaced. */
export function predecessorsOf(db: CrmDb, sku: string): Promise<SupersessionRow[]> {
  return db
    .select()
    .from(partSupersessions)
    .where(eq(partSupersessions.successorSku, sku))
    .orderBy(asc(partSupersessions.supersededOn));
}

/** The items of a catalogue with these SKUs, by SKU. */
export async function orderableBySku(
  db: CrmDb,
  catalogueId: string,
  skus: readonly string[],
): Promise<Map<string, OrderableRow>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select(orderableFields)
    .from(catalogueItems)
    .where(and(eq(catalogueItems.catalogueId, catalogueId), inArray(catalogueItems.sku, [...skus])))
    .orderBy(asc(catalogueItems.sortOrder));
  return new Map(rows.map((row) => [row.sku, row]));
}

/** An item of the catalogue by id, or nothing. */
export async function orderableById(
  db: CrmDb,
  catalogueId: string,
  itemId: string,
): Promise<OrderableRow | undefined> {
  const [row] = await db
    .select(orderableFields)
    .from(catalogueItems)
    .where(and(eq(catalogueItems.catalogueId, catalogueId), eq(catalogueItems.id, itemId)))
    .limit(1);
  return row;
}

/** The instrument parts of a catalogue (format 'Part'): what can be linked to an instrument. */
export function orderableParts(db: CrmDb, catalogueId: string): Promise<OrderableRow[]> {
  return db
    .select(orderableFields)
    .from(catalogueItems)
    .where(
      and(eq(catalogueItems.catalogueId, catalogueId), sql`${catalogueItems.attributes}->>'Format' = 'Part'`),
    )
    .orderBy(asc(catalogueItems.name));
}

/** The components linked to an installed instrument, in the order they were linked. */
export function linkedComponentRows(db: CrmDb, installBaseId: string): Promise<InstalledComponentRow[]> {
  return db
    .select()
    .from(installedComponents)
    .where(eq(installedComponents.installBaseId, installBaseId))
    .orderBy(
      asc(installedComponents.linkedOn),
      asc(installedComponents.createdAt),
      asc(installedComponents.name),
    );
}

export async function findLinkedComponent(
  db: CrmDb,
  componentId: string,
): Promise<InstalledComponentRow | undefined> {
  const [row] = await db
    .select()
    .from(installedComponents)
    .where(eq(installedComponents.id, componentId))
    .limit(1);
  return row;
}

export async function insertLinkedComponent(
  db: CrmDb,
  row: Omit<typeof installedComponents.$inferInsert, 'id'>,
): Promise<void> {
  await db.insert(installedComponents).values({ id: randomUUID(), ...row });
}

/** Removes the instrument's component; answers whether there was one. */
export async function deleteLinkedComponent(
  db: CrmDb,
  installBaseId: string,
  componentId: string,
): Promise<boolean> {
  const removed = await db
    .delete(installedComponents)
    .where(and(eq(installedComponents.installBaseId, installBaseId), eq(installedComponents.id, componentId)))
    .returning({ id: installedComponents.id });
  return removed.length > 0;
}

/** The active instruments of an account, by model SKU, with their linked part numbers. */
export async function activeInstrumentParts(
  db: CrmDb,
  accountId: string,
): Promise<{ modelSkus: string[]; linkedPartNumbers: string[] }> {
  const rows = await db
    .select({ modelSku: installBase.modelSku, partNumber: installedComponents.partNumber })
    .from(installBase)
    .leftJoin(installedComponents, eq(installedComponents.installBaseId, installBase.id))
    .where(and(eq(installBase.accountId, accountId), eq(installBase.status, 'Active')));
  return {
    modelSkus: [...new Set(rows.map((row) => row.modelSku))],
    linkedPartNumbers: [...new Set(rows.flatMap((row) => row.partNumber ?? []))],
  };
}
