import {
  type CrmAnswer,
  RECENT_SEARCHES_KEPT,
  SUGGESTED_CATEGORIES,
  SUGGESTED_PRODUCTS,
} from '@storefront/contracts';
import { formatMoney } from '@storefront/contracts/money';
import { prepareSearch, unitPrice } from '../../catalogue';
import { CrmHttpError } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { accountScope } from '../../core/scope';
import { matchingCategories, recentSearchesOf, rememberSearch, suggestedItems } from '../queries/suggestions';
import { typedPrefix } from '../rules/typed-prefix';

/** The catalogue's best on-sale items for the text, ranked as the search page ranks them, at this account's price. */
async function productSuggestions(
  ctx: HandlerContext,
  scope: { storefrontId: string; catalogueId: string; currency: string },
  text: string,
) {
  const typing = typedPrefix(text);
  const [search, before] = await Promise.all([
    prepareSearch(ctx.db, scope.storefrontId, text),
    typing?.before ? prepareSearch(ctx.db, scope.storefrontId, typing.before) : null,
  ]);
  if (!search) return [];
  const rows = await suggestedItems(ctx.db, scope.catalogueId, {
    search,
    typing: typing && { before: before?.where, prefix: typing.prefix },
    limit: SUGGESTED_PRODUCTS,
  });
  return rows.map(({ images, listPrice, negotiatedPrice, priceSource, ...shown }) => {
    const price = unitPrice({ listPrice, negotiatedPrice, priceSource });
    return { ...shown, imageUrl: images[0] ?? '', formattedPrice: formatMoney(price, scope.currency) };
  });
}

export const getSearchSuggestions: Handler<'getSearchSuggestions'> = async (ctx, payload) => {
  const { catalogue } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const [products, categories, recent] = await Promise.all([
    productSuggestions(
      ctx,
      { storefrontId: payload.storefrontId, catalogueId: catalogue.id, currency: catalogue.currency },
      payload.text,
    ),
    matchingCategories(ctx.db, catalogue.id, payload.text, SUGGESTED_CATEGORIES),
    payload.contactId ? recentSearchesOf(ctx.db, payload.storefrontId, payload.contactId, payload.text) : [],
  ]);
  return { products, categories, recent } satisfies CrmAnswer<'getSearchSuggestions'>;
};

export const recordRecentSearch: Handler<'recordRecentSearch'> = async (ctx, payload) => {
  // The account must be the storefront's: a contact's searches are kept only where it shops.
  await accountScope(ctx, payload.storefrontId, payload.accountId);
  if (!payload.contactId) {
    throw new CrmHttpError(
      403,
      'SIGN_IN_REQUIRED',
      'sign in as a user of the account to keep recent searches.',
    );
  }
  const text = payload.text.replace(/\s+/g, ' ');
  const at = { storefrontId: payload.storefrontId, contactId: payload.contactId };
  await rememberSearch(ctx.db, { ...at, text, kept: RECENT_SEARCHES_KEPT });
  return { recent: await recentSearchesOf(ctx.db, at.storefrontId, at.contactId) };
};
