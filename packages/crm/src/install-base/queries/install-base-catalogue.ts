import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import {
  accounts,
  catalogueItems,
  catalogues,
  categories,
  modelComponents,
  quantityTiers,
} from '../../db/schema';
import { currentPartNumber } from '../rules/parts-tree';
import { activeInstrumentParts, supersessionsOf } from './configurator';

/**
 * An 'Install Base' catalogue for the account (docs/decisions/0035): it becomes the catalogue the account
 * sees, priced like the storefront's Full catalogue (list price).
 */
export async function createInstallBaseCatalogue(
  db: CrmDb,
  account: { id: string; name: string; storefrontId: string; currency: string },
): Promise<string> {
  const id = randomUUID();
  await db.insert(catalogues).values({
    id,
    storefrontId: account.storefrontId,
    accountId: account.id,
    name: `${account.name} Install Base`,
    type: 'Install Base',
    priceSource: 'List Price',
    currency: account.currency,
  });
  await db.update(accounts).set({ catalogueId: id }).where(eq(accounts.id, account.id));
  return id;
}

/**
 * Adds to an Install Base catalogue the parts and consumables of its account's active instruments (their
 * models' parts trees and the components linked to them, each as the number sold today), copied from the
 * storefront's Full catalogue with their price tiers. Nothing is removed: a part once offered may be on a
 * cart or an order, and stays orderable.
 */
export async function syncInstallBaseCatalogue(
  db: CrmDb,
  catalogue: { id: string; storefrontId: string; accountId: string },
): Promise<void> {
  const { modelSkus, linkedPartNumbers } = await activeInstrumentParts(db, catalogue.accountId);
  const listed =
    modelSkus.length === 0
      ? []
      : await db
          .selectDistinct({ partNumber: modelComponents.partNumber })
          .from(modelComponents)
          .where(and(inArray(modelComponents.modelSku, modelSkus), isNotNull(modelComponents.partNumber)));
  const partNumbers = [...new Set([...listed.flatMap((row) => row.partNumber ?? []), ...linkedPartNumbers])];
  const supersessions = await supersessionsOf(db, partNumbers);
  const wanted = new Set(partNumbers.map((partNumber) => currentPartNumber(partNumber, supersessions)));
  const held = await db
    .select({ sku: catalogueItems.sku })
    .from(catalogueItems)
    .where(eq(catalogueItems.catalogueId, catalogue.id));
  for (const row of held) wanted.delete(row.sku);
  if (wanted.size === 0) return;
  const [full] = await db
    .select({ id: catalogues.id })
    .from(catalogues)
    .where(and(eq(catalogues.storefrontId, catalogue.storefrontId), eq(catalogues.type, 'Full')))
    .orderBy(asc(catalogues.id))
    .limit(1);
  if (!full) return;
  const items = await db
    .select()
    .from(catalogueItems)
    .where(and(eq(catalogueItems.catalogueId, full.id), inArray(catalogueItems.sku, [...wanted])));
  const categoryOf = await copyCategories(
    db,
    catalogue.id,
    items.map((item) => item.categoryId),
  );
  const copies = items.map((item) => ({
    ...item,
    id: randomUUID(),
    catalogueId: catalogue.id,
    categoryId: categoryOf.get(item.categoryId) ?? item.categoryId,
  }));
  if (copies.length === 0) return;
  await db.insert(catalogueItems).values(copies);
  const tiers = await db
    .select()
    .from(quantityTiers)
    .where(
      inArray(
        quantityTiers.itemId,
        items.map((item) => item.id),
      ),
    );
  const copyOf = new Map(items.map((item, index) => [item.id, copies[index]?.id ?? '']));
  if (tiers.length > 0)
    await db
      .insert(quantityTiers)
      .values(tiers.map((tier) => ({ ...tier, id: randomUUID(), itemId: copyOf.get(tier.itemId) ?? '' })));
}

/** The catalogue's categories matching the Full catalogue's ones (by slug), made when missing. */
async function copyCategories(
  db: CrmDb,
  catalogueId: string,
  fullCategoryIds: readonly string[],
): Promise<Map<string, string>> {
  if (fullCategoryIds.length === 0) return new Map();
  const source = await db
    .select()
    .from(categories)
    .where(inArray(categories.id, [...new Set(fullCategoryIds)]));
  const own = await db.select().from(categories).where(eq(categories.catalogueId, catalogueId));
  const bySlug = new Map(own.map((row) => [row.slug, row.id]));
  const ids = new Map<string, string>();
  for (const category of source) {
    let id = bySlug.get(category.slug);
    if (!id) {
      id = randomUUID();
      await db.insert(categories).values({ ...category, id, catalogueId, parentId: null });
    }
    ids.set(category.id, id);
  }
  return ids;
}
