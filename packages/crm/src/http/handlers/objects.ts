import { type CrmAnswer, MESSAGES } from '@storefront/contracts';
import { findItem, tiersForItems } from '../../db/queries/catalogue';
import { findCategory } from '../../db/queries/categories';
import { findOffer, findOfferItems } from '../../db/queries/offers';
import { toDetail } from '../../domain/catalogue-items';
import { notFound } from '../errors';
import { toCards, validOffersByItem } from './cards';
import { type AccountScope, accountScope } from './scope';
import type { Handler, HandlerContext } from './types';

type ObjectRef = { objectId: string | undefined; slug: string | undefined };
type Loader = (
  ctx: HandlerContext,
  scope: AccountScope,
  ref: ObjectRef,
) => Promise<CrmAnswer<'getFormattedObjectDetails'> | undefined>;

/** Only objects the account can see: items and categories of its catalogue, offers of its storefront. */
const LOADERS: Record<'CatalogItem' | 'Category' | 'Offer', Loader> = {
  CatalogItem: async (ctx, { catalogue }, { objectId, slug }) => {
    const ref = objectId ? { itemId: objectId } : slug ? { slug } : undefined;
    const item = ref && (await findItem(ctx.db, catalogue.id, ref));
    if (!item) return undefined;
    const [tiers, offers] = await Promise.all([
      tiersForItems(ctx.db, [item.id]),
      validOffersByItem(ctx, [item.id]),
    ]);
    return toDetail(item, {
      currency: catalogue.currency,
      description: item.description,
      category: { id: item.categoryId, name: item.categoryName },
      tiers,
      offers: offers.get(item.id) ?? [],
    });
  },
  Category: async (ctx, { catalogue }, { objectId }) =>
    objectId ? findCategory(ctx.db, catalogue.id, objectId) : undefined,
  Offer: async (ctx, { account, catalogue }, { objectId }) => {
    const offer = objectId ? await findOffer(ctx.db, account.storefrontId, objectId) : undefined;
    if (!offer) return undefined;
    const rows = await findOfferItems(ctx.db, offer.id, catalogue.id);
    return { offer, items: await toCards(ctx, rows, catalogue.currency) };
  },
};

export const getFormattedObjectDetails: Handler<'getFormattedObjectDetails'> = async (ctx, payload) => {
  const scope = await accountScope(ctx, payload.stfId, payload.accId);
  const details = await LOADERS[payload.objectapi](ctx, scope, {
    objectId: payload.objectid,
    slug: payload.slug,
  });
  if (details === undefined) throw notFound(MESSAGES.noRecordsFound);
  return details;
};
