import { and, asc, eq, getTableColumns, gt, inArray } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import {
  accounts,
  catalogueItems,
  catalogues,
  categories,
  productStock,
  quantityTiers,
  shippingProfiles,
  storefronts,
  templates,
} from '../../db/schema';
import type { ShippingProfile } from '../../shipping';
import type { Stock, Tier } from './cells';
import { nextTurn } from './format';

export type CatalogueRow = typeof catalogues.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
/** An item as the import reads and writes it; its search document is PostgreSQL's to compute. */
export type ItemRow = Omit<typeof catalogueItems.$inferSelect, 'search'>;
export type AccountRef = Pick<typeof accounts.$inferSelect, 'id' | 'name' | 'catalogueId'>;

/** What a storefront's catalogue file is compared with and made from: every catalogue of the storefront. */
export interface CatalogueState {
  storefrontId: string;
  organisationId: string;
  catalogues: CatalogueRow[];
  categories: CategoryRow[];
  items: ItemRow[];
  /** By item id, sorted by start quantity. */
  tiers: Map<string, Tier[]>;
  /** By SKU. */
  stock: Map<string, Stock[]>;
  /** By SKU; checkout rates no product without one. */
  profiles: Map<string, ShippingProfile>;
  accounts: AccountRef[];
  /** The product page template a new product is shown with; null: the storefront has none. */
  productTemplateId: string | null;
}

/** The template product pages use: the storefront's products', or its template named 'product'. */
async function productTemplate(db: CrmDb, storefrontId: string, items: ItemRow[]): Promise<string | null> {
  const used = items[0]?.productTemplateId;
  if (used) return used;
  const [named] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.storefrontId, storefrontId), eq(templates.name, 'product')))
    .orderBy(asc(templates.createdDate))
    .limit(1);
  return named?.id ?? null;
}

/**
 * Rows read a few thousand at a time, with a turn of the event loop between: PGlite runs each query on this
 * thread, and a driver parses each answer on it, so one read of a whole catalogue would hold it for seconds.
 */
const ROWS_PER_READ = 2_000;

/** Rows of the ids, a slice of ids at a time. */
async function inSlices<T>(ids: readonly string[], read: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += ROWS_PER_READ) {
    rows.push(...(await read(ids.slice(start, start + ROWS_PER_READ))));
    await nextTurn();
  }
  return rows;
}

const { search: _search, ...itemColumns } = getTableColumns(catalogueItems);

/** Every item of the catalogues, a page at a time in id order. */
async function itemsOf(db: CrmDb, catalogueIds: readonly string[]): Promise<ItemRow[]> {
  const items: ItemRow[] = [];
  if (catalogueIds.length === 0) return items;
  for (;;) {
    const after = items[items.length - 1]?.id;
    const page = await db
      .select(itemColumns)
      .from(catalogueItems)
      .where(
        and(
          inArray(catalogueItems.catalogueId, [...catalogueIds]),
          after ? gt(catalogueItems.id, after) : undefined,
        ),
      )
      .orderBy(asc(catalogueItems.id))
      .limit(ROWS_PER_READ);
    items.push(...page);
    await nextTurn();
    if (page.length < ROWS_PER_READ) return items;
  }
}

export async function loadCatalogueState(
  db: CrmDb,
  storefrontId: string,
): Promise<CatalogueState | undefined> {
  const [storefront] = await db
    .select({ organisationId: storefronts.organisationId })
    .from(storefronts)
    .where(eq(storefronts.id, storefrontId));
  if (!storefront) return undefined;
  const catalogueRows = await db
    .select()
    .from(catalogues)
    .where(eq(catalogues.storefrontId, storefrontId))
    .orderBy(asc(catalogues.id));
  const catalogueIds = catalogueRows.map((catalogue) => catalogue.id);
  const [categoryRows, itemRows, accountRows] = await Promise.all([
    inSlices(catalogueIds, (slice) =>
      db
        .select()
        .from(categories)
        .where(inArray(categories.catalogueId, slice))
        .orderBy(asc(categories.sortOrder)),
    ),
    itemsOf(db, catalogueIds),
    db
      .select({ id: accounts.id, name: accounts.name, catalogueId: accounts.catalogueId })
      .from(accounts)
      .where(eq(accounts.storefrontId, storefrontId))
      .orderBy(asc(accounts.name)),
  ]);
  const tierRows = await inSlices(
    itemRows.map((item) => item.id),
    (slice) =>
      db
        .select({
          itemId: quantityTiers.itemId,
          sv: quantityTiers.sv,
          ev: quantityTiers.ev,
          price: quantityTiers.price,
        })
        .from(quantityTiers)
        .where(inArray(quantityTiers.itemId, slice))
        .orderBy(asc(quantityTiers.itemId), asc(quantityTiers.sv)),
  );
  const skus = [...new Set(itemRows.map((item) => item.sku))];
  const stockRows = await inSlices(skus, (slice) =>
    db
      .select()
      .from(productStock)
      .where(
        and(eq(productStock.organisationId, storefront.organisationId), inArray(productStock.sku, slice)),
      )
      .orderBy(asc(productStock.sku), asc(productStock.warehouse)),
  );
  const profileRows = await inSlices(skus, (slice) =>
    db
      .select({
        sku: shippingProfiles.sku,
        shippable: shippingProfiles.shippable,
        weightKg: shippingProfiles.weightKg,
        lengthCm: shippingProfiles.lengthCm,
        widthCm: shippingProfiles.widthCm,
        heightCm: shippingProfiles.heightCm,
        coldChain: shippingProfiles.coldChain,
        hazardClass: shippingProfiles.hazardClass,
      })
      .from(shippingProfiles)
      .where(
        and(
          eq(shippingProfiles.organisationId, storefront.organisationId),
          inArray(shippingProfiles.sku, slice),
        ),
      ),
  );
  const tiers = new Map<string, Tier[]>();
  for (const { itemId, sv, ev, price } of tierRows)
    tiers.set(itemId, [...(tiers.get(itemId) ?? []), { from: sv, to: ev, price }]);
  const stock = new Map<string, Stock[]>();
  for (const { sku, warehouse, quantity, leadTimeDays } of stockRows)
    stock.set(sku, [...(stock.get(sku) ?? []), { warehouse, quantity, leadTimeDays }]);
  return {
    storefrontId,
    organisationId: storefront.organisationId,
    catalogues: catalogueRows,
    categories: categoryRows,
    items: itemRows,
    tiers,
    stock,
    profiles: new Map(profileRows.map(({ sku, ...profile }) => [sku, profile])),
    accounts: accountRows,
    productTemplateId: await productTemplate(db, storefrontId, itemRows),
  };
}
