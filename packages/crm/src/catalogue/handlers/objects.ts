import { type CrmAnswer, MESSAGES } from '@storefront/contracts';
import { notFound } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { type AccountScope, accountScope } from '../../core/scope';
import { findItem, findItemsPage, lotsOfProduct, stockOfProduct, tiersForItems } from '../queries/catalogue';
import { findCategory } from '../queries/categories';
import { findOffer, findOfferItems } from '../queries/offers';
import { toDetail } from '../rules/catalogue-items';
import { toCards, validOffersByItem } from './cards';
import { resolveItem } from './product-resolution';

type ObjectRef = { objectId: string | undefined; slug: string | undefined };
type Loader = (
  ctx: HandlerContext,
  scope: AccountScope,
  ref: ObjectRef,
) => Promise<CrmAnswer<'getFormattedObjectDetails'> | undefined>;

/** How many products of its category a 'not in your catalogue' answer offers instead. */
const ALTERNATIVES = 4;

/** Only objects the account can see: items and categories of its catalogue, offers of its storefront. */
const LOADERS: Record<'CatalogItem' | 'Category' | 'Offer', Loader> = {
  CatalogItem: async (ctx, scope, { objectId, slug }) => {
    const { catalogue, account } = scope;
    const ref = objectId ? { itemId: objectId } : slug ? { slug } : undefined;
    const found = ref && (await resolveItem(ctx, scope, ref));
    if (!found) return undefined;
    if ('elsewhere' in found) return productElsewhere(ctx, scope, found.elsewhere);
    const { item } = found;
    const [tiers, offers, lots, stock, replacement] = await Promise.all([
      tiersForItems(ctx.db, [item.id]),
      validOffersByItem(ctx, [item.id]),
      lotsOfProduct(ctx.db, account.organisationId, item.sku),
      stockOfProduct(ctx.db, account.organisationId, item.sku),
      item.discontinued && item.replacementSku
        ? findItem(ctx.db, catalogue.id, { sku: item.replacementSku })
        : undefined,
    ]);
    return toDetail(item, {
      currency: catalogue.currency,
      description: item.description,
      category: { id: item.categoryId, name: item.categoryName },
      tiers,
      offers: offers.get(item.id) ?? [],
      specifications: item.specifications,
      hazards: item.hazards,
      lots,
      documents: item.documents,
      stock,
      // A replacement that is itself discontinued, or not in the account's catalogue, is no link to follow.
      discontinued: item.discontinued
        ? { replacement: replacement && !replacement.discontinued ? replacement : null }
        : null,
    });
  },
  Category: async (ctx, { catalogue }, { objectId }) =>
    objectId ? findCategory(ctx.db, catalogue.id, { id: objectId }) : undefined,
  Offer: async (ctx, { account, catalogue }, { objectId }) => {
    const offer = objectId ? await findOffer(ctx.db, account.storefrontId, objectId) : undefined;
    if (!offer) return undefined;
    const rows = await findOfferItems(ctx.db, offer.id, catalogue.id);
    return { offer, items: await toCards(ctx, rows, catalogue.currency) };
  },
};

/** A product the account's catalogue lacks: named, with products of its category the account can buy. */
async function productElsewhere(
  ctx: HandlerContext,
  { catalogue }: AccountScope,
  product: { name: string; sku: string; categorySlug: string },
) {
  const category = await findCategory(ctx.db, catalogue.id, { slug: product.categorySlug });
  const rows = category
    ? await findItemsPage(
        ctx.db,
        {
          storefrontId: catalogue.storefrontId,
          catalogueId: catalogue.id,
          categoryId: category.id,
          filters: {},
        },
        { sort: 'name', offset: 0, limit: ALTERNATIVES },
      )
    : [];
  return {
    notInCatalogue: {
      name: product.name,
      sku: product.sku,
      category: category ? { id: category.id, name: category.name } : null,
      alternatives: await toCards(ctx, rows, catalogue.currency),
    },
  };
}

export const getFormattedObjectDetails: Handler<'getFormattedObjectDetails'> = async (ctx, payload) => {
  const scope = await accountScope(ctx, payload.stfId, payload.accId);
  const details = await LOADERS[payload.objectapi](ctx, scope, {
    objectId: payload.objectid,
    slug: payload.slug,
  });
  if (details === undefined) throw notFound(MESSAGES.noRecordsFound);
  return details;
};
