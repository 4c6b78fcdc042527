import {
  type CrmAnswer,
  RECENT_SEARCHES_KEPT,
  SUGGESTED_CATEGORIES,
  SUGGESTED_PRODUCTS,
} from '@storefront/contracts';
import { formatMoney } from '@storefront/contracts/money';
import { prepareSearches, unitPrice } from '../../catalogue';
import { CrmHttpError } from '../../core/errors';
import type { Handler } from '../../core/handler';
import { accountScope } from '../../core/scope';
import { matchingCategories, recentSearchesOf, rememberSearch, suggestedItems } from '../queries/suggestions';
import { typedPrefix } from '../rules/typed-prefix';

/**
 * The header box's answer, in two round trips to the database whichever the engine: the account's catalogue
 * and the storefront's words for the text (and for the words before the one being typed) together, with the
 * buyer's recent searches; then the catalogue's best items and its categories.
 */
export const getSearchSuggestions: Handler<'getSearchSuggestions'> = async (ctx, payload) => {
  const { storefrontId, text } = payload;
  const typing = typedPrefix(text);
  const [{ catalogue }, [search, before], recent] = await Promise.all([
    accountScope(ctx, storefrontId, payload.accountId),
    prepareSearches(ctx.db, storefrontId, typing?.before ? [text, typing.before] : [text]),
    payload.contactId ? recentSearchesOf(ctx.db, storefrontId, payload.contactId, text) : [],
  ]);
  const [items, categories] = await Promise.all([
    search
      ? suggestedItems(ctx.db, catalogue.id, {
          search,
          typing: typing && { before: before?.where, prefix: typing.prefix },
          limit: SUGGESTED_PRODUCTS,
        })
      : [],
    matchingCategories(ctx.db, catalogue.id, text, SUGGESTED_CATEGORIES),
  ]);
  // Each at this account's price, as the search page shows it.
  const products = items.map(({ images, listPrice, negotiatedPrice, priceSource, ...shown }) => {
    const price = unitPrice({ listPrice, negotiatedPrice, priceSource });
    return { ...shown, imageUrl: images[0] ?? '', formattedPrice: formatMoney(price, catalogue.currency) };
  });
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
