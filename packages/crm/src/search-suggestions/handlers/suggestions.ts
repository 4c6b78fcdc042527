import {
  type CrmAnswer,
  RECENT_SEARCHES_KEPT,
  SUGGESTED_CATEGORIES,
  SUGGESTED_PRODUCTS,
} from '@storefront/contracts';
import { formatMoney } from '@storefront/contracts/money';
import { findItemsPage } from '../../catalogue/queries/catalogue';
import { unitPrice } from '../../catalogue/rules/pricing';
import { CrmHttpError } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { accountScope } from '../../core/scope';
import { matchingCategories, recentSearchesOf, rememberSearch, suggestedItems } from '../queries/suggestions';

/** The catalogue's best matching on-sale items, ranked as the search page ranks them. */
async function suggestedItemIds(ctx: HandlerContext, catalogueId: string, text: string): Promise<string[]> {
  const rows = await findItemsPage(
    ctx.db,
    { catalogueId, searchText: text, filters: {} },
    { sort: 'name', offset: 0, limit: SUGGESTED_PRODUCTS },
  );
  return rows.map((row) => row.id);
}

async function productSuggestions(ctx: HandlerContext, catalogueId: string, currency: string, text: string) {
  const ids = await suggestedItemIds(ctx, catalogueId, text);
  const byId = new Map((await suggestedItems(ctx.db, catalogueId, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { images, listPrice, negotiatedPrice, priceSource, ...shown } = row;
    const price = unitPrice({ listPrice, negotiatedPrice, priceSource });
    return [{ ...shown, imageUrl: images[0] ?? '', formattedPrice: formatMoney(price, currency) }];
  });
}

export const getSearchSuggestions: Handler<'getSearchSuggestions'> = async (ctx, payload) => {
  const { catalogue } = await accountScope(ctx, payload.storefrontId, payload.accountId);
  const [products, categories, recent] = await Promise.all([
    productSuggestions(ctx, catalogue.id, catalogue.currency, payload.text),
    matchingCategories(ctx.db, catalogue.id, payload.text, SUGGESTED_CATEGORIES),
    payload.contactId ? recentSearchesOf(ctx.db, payload.storefrontId, payload.contactId, payload.text) : [],
  ]);
  return { products, categories, recent } satisfies CrmAnswer<'getSearchSuggestions'>;
};

export const recordRecentSearch: Handler<'recordRecentSearch'> = async (ctx, payload) => {
  // The account must be the storefront's: a contact's searches are kept only where it shops.
  await accountScope(ctx, payload.storefrontId, payload.accountId);
  if (!payload.contactId) {
    throw new CrmHttpError(403, 'SIGN_IN_REQUIRED', 'sign in as a user of the account to keep recent searches.');
  }
  const text = payload.text.replace(/\s+/g, ' ');
  const at = { storefrontId: payload.storefrontId, contactId: payload.contactId };
  await rememberSearch(ctx.db, { ...at, text, kept: RECENT_SEARCHES_KEPT });
  return { recent: await recentSearchesOf(ctx.db, at.storefrontId, at.contactId) };
};
