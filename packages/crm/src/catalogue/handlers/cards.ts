import type { CatalogItemCard, Offer } from '@storefront/contracts';
import type { HandlerContext } from '../../core/handler';
import { tiersForItems } from '../queries/catalogue';
import { offersForItems } from '../queries/offers';
import { type CatalogueItemRow, toCard } from '../rules/catalogue-items';
import { isOfferValidOn } from '../rules/pricing';

/** Offers valid today, by item id. */
export async function validOffersByItem(
  ctx: HandlerContext,
  itemIds: readonly string[],
): Promise<Map<string, Offer[]>> {
  const byItem = new Map<string, Offer[]>();
  for (const { itemId, ...offer } of await offersForItems(ctx.db, itemIds)) {
    if (!isOfferValidOn(offer, ctx.today)) continue;
    byItem.set(itemId, [...(byItem.get(itemId) ?? []), offer]);
  }
  return byItem;
}

/** Cards for a list of rows with two set-based reads (tiers, offers) whatever the number of rows. */
export async function toCards(
  ctx: HandlerContext,
  rows: readonly CatalogueItemRow[],
  currency: string,
): Promise<CatalogItemCard[]> {
  const ids = rows.map((row) => row.id);
  const [tiers, offers] = await Promise.all([tiersForItems(ctx.db, ids), validOffersByItem(ctx, ids)]);
  const tiered = new Set(tiers.map((tier) => tier.itemId));
  return rows.map((row) =>
    toCard(row, { currency, hasTiers: tiered.has(row.id), offerCount: offers.get(row.id)?.length ?? 0 }),
  );
}
