import { and, eq, inArray } from 'drizzle-orm';
import { onSale } from '../../catalogue';
import type { CrmDb } from '../../db/open';
import { catalogueItems, catalogues, invoiceLines, invoices } from '../../db/schema';

/** The items of a catalogue with these SKUs (or ids), with what pricing and a preview need of them. */
export function pricedItems(db: CrmDb, catalogueId: string, by: 'sku' | 'id', values: readonly string[]) {
  if (values.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: catalogueItems.id,
      sku: catalogueItems.sku,
      name: catalogueItems.name,
      unit: catalogueItems.unit,
      priceSource: catalogueItems.priceSource,
      listPrice: catalogueItems.listPrice,
      negotiatedPrice: catalogueItems.negotiatedPrice,
    })
    .from(catalogueItems)
    .where(
      and(eq(catalogueItems.catalogueId, catalogueId), inArray(catalogueItems[by], [...values]), onSale()),
    );
}

/** Which of the SKUs some catalogue of the storefront sells (to another account, or in the Full catalogue). */
export async function skusSoldOnStorefront(
  db: CrmDb,
  storefrontId: string,
  skus: readonly string[],
): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ sku: catalogueItems.sku })
    .from(catalogueItems)
    .innerJoin(catalogues, eq(catalogues.id, catalogueItems.catalogueId))
    .where(and(eq(catalogues.storefrontId, storefrontId), inArray(catalogueItems.sku, [...skus]), onSale()));
  return new Set(rows.map((row) => row.sku));
}

/** Which of the SKUs the account was ever billed for: a SKU no catalogue sells now was sold once. */
export async function skusBilledTo(
  db: CrmDb,
  accountId: string,
  skus: readonly string[],
): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ sku: invoiceLines.sku })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoices.accountId, accountId), inArray(invoiceLines.sku, [...skus])));
  return new Set(rows.map((row) => row.sku));
}

export type PricedItemRow = Awaited<ReturnType<typeof pricedItems>>[number];
