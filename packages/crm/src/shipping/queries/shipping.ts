import { and, eq, sql } from 'drizzle-orm';
import type { QuoteRow, ShippingMethodFields } from '../../cart';
import type { CrmDb } from '../../db/open';
import { catalogueItems, quoteLineItems, quotes, shippingProfiles, storefronts } from '../../db/schema';
import type { ShippingProfile } from '../rules/profile';

export interface StorefrontShippingSettings {
  shippingRateRequired: boolean;
  customerCarrierAllowed: boolean;
}

export async function findShippingSettings(
  db: CrmDb,
  storefrontId: string,
): Promise<StorefrontShippingSettings | undefined> {
  const [row] = await db
    .select({
      shippingRateRequired: storefronts.shippingRateRequired,
      customerCarrierAllowed: storefronts.customerCarrierAllowed,
    })
    .from(storefronts)
    .where(eq(storefronts.id, storefrontId))
    .limit(1);
  return row;
}

/**
 * The quote's lines with their product's shipping profile (by SKU within the storefront's organisation);
 * `profile` is null for an item nobody gave one.
 */
export async function shipmentLinesOf(
  db: CrmDb,
  quoteId: string,
): Promise<{ sku: string; qty: number; profile: ShippingProfile | null }[]> {
  const rows = await db
    .select({
      sku: catalogueItems.sku,
      qty: quoteLineItems.qty,
      profile: {
        shippable: shippingProfiles.shippable,
        weightKg: shippingProfiles.weightKg,
        lengthCm: shippingProfiles.lengthCm,
        widthCm: shippingProfiles.widthCm,
        heightCm: shippingProfiles.heightCm,
        coldChain: shippingProfiles.coldChain,
        hazardClass: shippingProfiles.hazardClass,
      },
    })
    .from(quoteLineItems)
    .innerJoin(catalogueItems, eq(catalogueItems.id, quoteLineItems.catalogItemId))
    .innerJoin(quotes, eq(quotes.id, quoteLineItems.quoteId))
    .innerJoin(storefronts, eq(storefronts.id, quotes.storefrontId))
    .leftJoin(
      shippingProfiles,
      and(
        eq(shippingProfiles.organisationId, storefronts.organisationId),
        eq(shippingProfiles.sku, catalogueItems.sku),
      ),
    )
    .where(eq(quoteLineItems.quoteId, quoteId))
    .orderBy(catalogueItems.sku);
  return rows;
}

/** Stores the chosen method and the total that follows from it; answers the quote as it now stands. */
export async function saveShippingMethod(
  db: CrmDb,
  quoteId: string,
  method: ShippingMethodFields & Pick<QuoteRow, 'total'>,
): Promise<QuoteRow> {
  const [row] = await db
    .update(quotes)
    .set({ ...method, modifiedAt: sql`now()` })
    .where(eq(quotes.id, quoteId))
    .returning();
  if (!row) throw new Error(`quote ${quoteId} vanished while its shipping was saved`);
  return row;
}
