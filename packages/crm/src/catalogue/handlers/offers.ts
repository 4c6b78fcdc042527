import { OFFER_PREVIEW_ITEMS, type OfferSummary } from '@storefront/contracts';
import type { Handler } from '../../core/handler';
import { accountScope } from '../../core/scope';
import { offersItems, storefrontOffers } from '../queries/offers';
import { isOfferValidOn } from '../rules/pricing';
import { toCards } from './cards';

/**
 * The offers a buyer can use today: valid on the CRM's day and covering at least one item of the account's
 * catalogue, each with the first of those items and their number.
 */
export const getOffers: Handler<'getOffers'> = async (ctx, payload) => {
  const { account, catalogue } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const valid = (await storefrontOffers(ctx.db, account.storefrontId)).filter((offer) =>
    isOfferValidOn(offer, ctx.today),
  );
  const covered = await offersItems(
    ctx.db,
    valid.map((offer) => offer.id),
    catalogue.id,
  );
  const offers = valid
    .map((offer) => ({ offer, rows: covered.filter((row) => row.offerId === offer.id) }))
    .filter(({ rows }) => rows.length > 0);
  // One set of reads for every offer's first items, then handed back in order.
  const cards = await toCards(
    ctx,
    offers.flatMap(({ rows }) => rows.slice(0, OFFER_PREVIEW_ITEMS)),
    catalogue.currency,
  );
  let next = 0;
  return offers.map(({ offer, rows }): OfferSummary => {
    const shown = Math.min(rows.length, OFFER_PREVIEW_ITEMS);
    next += shown;
    return { offer, items: cards.slice(next - shown, next), itemCount: rows.length };
  });
};
