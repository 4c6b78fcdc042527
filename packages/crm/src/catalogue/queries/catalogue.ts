import { type CATALOGUE_SORTS, PICKLIST_FIELDS, type PicklistField } from '@storefront/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { CrmDb } from '../../db/open';
import {
  catalogueItems,
  catalogues,
  categories,
  productLots,
  productStock,
  quantityTiers,
} from '../../db/schema';
import { type PreparedSearch, prepareSearch } from '../search/match';

/** An item by id, or a product by slug (an item id older product paths named also matches) or by SKU. */
export type ProductRef = { itemId: string } | { slug: string } | { sku: string };

export interface CatalogueFilter {
  /** The storefront whose synonyms and words read the search text. */
  storefrontId: string;
  catalogueId: string;
  categoryId?: string | undefined;
  searchText?: string | undefined;
  filters: Partial<Record<PicklistField, string[]>>;
}

/** A facet leaves out its own filter, so its counts show what choosing another value would give. */
type Facet = { kind: 'category' } | { kind: 'attribute'; field: PicklistField };

/**
 * `attributes->>'Field'` with the field name as a literal, not a parameter: PostgreSQL only sees that the
 * select, group by and order by expressions are the same when their text is. The names are our constants.
 */
const ATTRIBUTES = Object.fromEntries(
  PICKLIST_FIELDS.map((field) => [
    field,
    sql<string | null>`${catalogueItems.attributes}->>${sql.raw(`'${field}'`)}`,
  ]),
) as Record<PicklistField, SQL<string | null>>;

/** A product still sold: a discontinued one stays only for the carts and orders that hold it. */
export const onSale = () => eq(catalogueItems.discontinued, false);

/** The search text read once per filter: the list, its count and every facet count share the same reading. */
const readings = new WeakMap<CatalogueFilter, Promise<PreparedSearch | null>>();

function searchOf(db: CrmDb, filter: CatalogueFilter): Promise<PreparedSearch | null> {
  if (!filter.searchText) return Promise.resolve(null);
  let reading = readings.get(filter);
  if (!reading) {
    reading = prepareSearch(db, filter.storefrontId, filter.searchText);
    readings.set(filter, reading);
  }
  return reading;
}

/** "Did you mean": the filter's search text with its misspelt words corrected; null when none was. */
export async function correctedSearchText(db: CrmDb, filter: CatalogueFilter): Promise<string | null> {
  return (await searchOf(db, filter))?.correctedText ?? null;
}

async function conditions(db: CrmDb, filter: CatalogueFilter, facet?: Facet): Promise<SQL | undefined> {
  const parts: (SQL | undefined)[] = [eq(catalogueItems.catalogueId, filter.catalogueId), onSale()];
  if (filter.categoryId && facet?.kind !== 'category')
    parts.push(inArray(catalogueItems.categoryId, categoryAndBelow(filter.categoryId)));
  parts.push((await searchOf(db, filter))?.where);
  for (const field of PICKLIST_FIELDS) {
    const values = filter.filters[field];
    if (!values?.length || (facet?.kind === 'attribute' && facet.field === field)) continue;
    parts.push(attributeIsOneOf(field, values));
  }
  return and(...parts);
}

/**
 * A category and every category under it, at any depth: a category's page lists its subcategories' products too
 * (an imported `Antibodies > CD markers` product is found under Antibodies, whose link the navigation shows).
 */
function categoryAndBelow(categoryId: string): SQL {
  return sql`(with recursive below(id) as (
      select ${categories.id} from ${categories} where ${categories.id} = ${categoryId}
      union all
      select child.id from ${categories} child join below on child.parent_id = below.id
    ) select id from below)`;
}

/**
 * The attribute holds one of the values, written as containment tests (attributes @> '{"Field":"value"}') so
 * the attributes' GIN index answers them instead of a scan of the category; the values are always strings.
 */
function attributeIsOneOf(field: PicklistField, values: readonly string[]): SQL | undefined {
  return or(
    ...values.map(
      (value) => sql`${catalogueItems.attributes} @> ${JSON.stringify({ [field]: value })}::jsonb`,
    ),
  );
}

/** Mirrors domain/pricing unitPrice so the database can sort by the price the account pays. */
const effectivePrice = sql`case when ${catalogueItems.priceSource} = 'Catalog Price' and ${catalogueItems.negotiatedPrice} is not null then ${catalogueItems.negotiatedPrice} else ${catalogueItems.listPrice} end`;

const SORTS: Record<(typeof CATALOGUE_SORTS)[number], SQL[]> = {
  name: [asc(catalogueItems.name)],
  sku: [asc(catalogueItems.sku)],
  'price-asc': [asc(effectivePrice), asc(catalogueItems.name)],
  'price-desc': [desc(effectivePrice), asc(catalogueItems.name)],
};

/** What a product card needs; the long description stays out of lists. */
export const cardFields = {
  id: catalogueItems.id,
  sku: catalogueItems.sku,
  name: catalogueItems.name,
  slug: catalogueItems.slug,
  shortDescription: catalogueItems.shortDescription,
  images: catalogueItems.images,
  unit: catalogueItems.unit,
  requiresConfiguration: catalogueItems.requiresConfiguration,
  productTemplateId: catalogueItems.productTemplateId,
  categoryId: catalogueItems.categoryId,
  priceSource: catalogueItems.priceSource,
  listPrice: catalogueItems.listPrice,
  negotiatedPrice: catalogueItems.negotiatedPrice,
  attributes: catalogueItems.attributes,
  customAction: catalogueItems.customAction,
};

export async function countItems(db: CrmDb, filter: CatalogueFilter): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(catalogueItems)
    .where(await conditions(db, filter));
  return row?.count ?? 0;
}

/**
 * A page of the matching items. A search sorted by name (the list's default) comes best match first, the
 * name only ordering equal matches: a buyer who typed a catalogue number wants that product on top.
 */
export async function findItemsPage(
  db: CrmDb,
  filter: CatalogueFilter,
  page: { sort: (typeof CATALOGUE_SORTS)[number]; offset: number; limit: number },
) {
  const search = await searchOf(db, filter);
  const relevance = search && page.sort === 'name' ? search.orderBy : [];
  return db
    .select(cardFields)
    .from(catalogueItems)
    .where(await conditions(db, filter))
    .orderBy(...relevance, ...SORTS[page.sort], asc(catalogueItems.id))
    .offset(page.offset)
    .limit(page.limit);
}

/** Every category of the catalogue with its matching items (zero included), in display order. */
export async function countByCategory(db: CrmDb, filter: CatalogueFilter) {
  const matching = await conditions(db, filter, { kind: 'category' });
  return db
    .select({ categoryId: categories.id, name: categories.name, count: count(catalogueItems.id) })
    .from(categories)
    .leftJoin(catalogueItems, and(eq(catalogueItems.categoryId, categories.id), matching))
    .where(eq(categories.catalogueId, filter.catalogueId))
    .groupBy(categories.id, categories.name, categories.sortOrder)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** Matching items per value of one attribute; items without the attribute are left out. */
export async function countByAttribute(db: CrmDb, filter: CatalogueFilter, field: PicklistField) {
  const value = ATTRIBUTES[field];
  const rows = await db
    .select({ value, count: count() })
    .from(catalogueItems)
    .where(and(await conditions(db, filter, { kind: 'attribute', field }), isNotNull(value)))
    .groupBy(value)
    .orderBy(asc(value));
  return rows.map((row) => ({ value: row.value ?? '', count: row.count }));
}

function productMatch(ref: ProductRef): SQL | undefined {
  if ('itemId' in ref) return eq(catalogueItems.id, ref.itemId);
  if ('sku' in ref) return eq(catalogueItems.sku, ref.sku);
  // Product paths named the item id where the slug now stands; those links still resolve.
  return or(eq(catalogueItems.slug, ref.slug), eq(catalogueItems.id, ref.slug));
}

/**
 * A product of the catalogue for its page, discontinued ones included: their page says so and names the
 * replacement, while lists, search and carts (which filter with onSale()) no longer offer them.
 */
export async function findItem(db: CrmDb, catalogueId: string, ref: ProductRef) {
  const [row] = await db
    .select({
      ...cardFields,
      description: catalogueItems.description,
      specifications: catalogueItems.specifications,
      hazards: catalogueItems.hazards,
      documents: catalogueItems.documents,
      discontinued: catalogueItems.discontinued,
      replacementSku: catalogueItems.replacementSku,
      categoryName: categories.name,
      categorySlug: categories.slug,
    })
    .from(catalogueItems)
    .innerJoin(categories, eq(categories.id, catalogueItems.categoryId))
    .where(and(eq(catalogueItems.catalogueId, catalogueId), productMatch(ref)))
    .limit(1);
  return row;
}

/** The discontinued products among the SKUs, on any catalogue of the storefront, with their replacements. */
export async function discontinuedSkus(
  db: CrmDb,
  storefrontId: string,
  skus: readonly string[],
): Promise<Map<string, string | null>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .selectDistinct({ sku: catalogueItems.sku, replacementSku: catalogueItems.replacementSku })
    .from(catalogueItems)
    .innerJoin(catalogues, eq(catalogues.id, catalogueItems.catalogueId))
    .where(
      and(
        eq(catalogues.storefrontId, storefrontId),
        inArray(catalogueItems.sku, [...skus]),
        eq(catalogueItems.discontinued, true),
      ),
    );
  return new Map(rows.map((row) => [row.sku, row.replacementSku]));
}

export function tiersForItems(db: CrmDb, itemIds: readonly string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      itemId: quantityTiers.itemId,
      sv: quantityTiers.sv,
      ev: quantityTiers.ev,
      price: quantityTiers.price,
    })
    .from(quantityTiers)
    .where(inArray(quantityTiers.itemId, [...itemIds]))
    .orderBy(asc(quantityTiers.itemId), asc(quantityTiers.sv));
}

/** The lots of a product made by the organisation, newest first. */
export function lotsOfProduct(db: CrmDb, organisationId: string, sku: string) {
  return db
    .select({
      lotNumber: productLots.lotNumber,
      manufacturedOn: productLots.manufacturedOn,
      expiresOn: productLots.expiresOn,
    })
    .from(productLots)
    .where(and(eq(productLots.organisationId, organisationId), eq(productLots.sku, sku)))
    .orderBy(desc(productLots.manufacturedOn), asc(productLots.lotNumber));
}

/** The stock of a product in each of the organisation's warehouses, by warehouse code. */
export function stockOfProduct(db: CrmDb, organisationId: string, sku: string) {
  return db
    .select({
      warehouse: productStock.warehouse,
      quantity: productStock.quantity,
      leadTimeDays: productStock.leadTimeDays,
    })
    .from(productStock)
    .where(and(eq(productStock.organisationId, organisationId), eq(productStock.sku, sku)))
    .orderBy(asc(productStock.warehouse));
}

/** The stock of each of these products in the organisation's warehouses (a list's lines), by SKU. */
export async function stockOfProducts(db: CrmDb, organisationId: string, skus: readonly string[]) {
  if (skus.length === 0) return new Map<string, Awaited<ReturnType<typeof stockOfProduct>>>();
  const rows = await db
    .select({
      sku: productStock.sku,
      warehouse: productStock.warehouse,
      quantity: productStock.quantity,
      leadTimeDays: productStock.leadTimeDays,
    })
    .from(productStock)
    .where(and(eq(productStock.organisationId, organisationId), inArray(productStock.sku, [...skus])))
    .orderBy(asc(productStock.sku), asc(productStock.warehouse));
  const bySku = new Map<string, Awaited<ReturnType<typeof stockOfProduct>>>();
  for (const { sku, ...stock } of rows) bySku.set(sku, [...(bySku.get(sku) ?? []), stock]);
  return bySku;
}
