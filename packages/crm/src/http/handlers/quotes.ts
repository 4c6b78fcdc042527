import {
  deactivateQuotes,
  findActiveQuote,
  findQuote,
  insertQuote,
  lockAccount,
} from '../../db/queries/quotes';
import { ownQuote, quoteScope } from './quote-access';
import { quoteItems, toQuoteSummary } from './quote-view';
import { accountScope } from './scope';
import type { Handler } from './types';

/** The account's open, not checked-out quote, or null when it has none yet. */
export const getActiveQuote: Handler<'getActiveQuote'> = async (ctx, payload) => {
  const { account } = await quoteScope(ctx, payload);
  const quote = await findActiveQuote(ctx.db, account.id);
  return { quote: quote ? toQuoteSummary(quote) : null };
};

/** getActiveQuote for a signed-in user, echoing who it was asked for; a ship-to account must be of the storefront. */
export const getActiveQuoteFromUser: Handler<'getActiveQuoteFromUser'> = async (ctx, payload) => {
  const { account } = await quoteScope(ctx, payload);
  if (payload.shipToAccountId) await accountScope(ctx, payload.storefrontId, payload.shipToAccountId);
  const quote = await findActiveQuote(ctx.db, account.id);
  return {
    userType: payload.userType,
    accountId: account.id,
    contactId: payload.contactId ?? null,
    shipToAccountId: payload.shipToAccountId ?? null,
    quote: quote ? toQuoteSummary(quote) : null,
  };
};

/** An empty quote becomes the account's cart; the previous open one is kept, inactive. */
export const startNewCart: Handler<'startNewCart'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const quote = await ctx.db.transaction(async (db) => {
    await lockAccount(db, scope.account.id);
    await deactivateQuotes(db, scope.account.id);
    return insertQuote(db, {
      storefrontId: scope.storefrontId,
      accountId: scope.account.id,
      contactId: payload.contactId ?? null,
      // Prices come from the account's catalogue, so the quote is in its currency.
      currency: scope.catalogue.currency,
    });
  });
  return { quote: toQuoteSummary(quote) };
};

/** The quote's lines and totals; a checked-out quote can still be read, another account's cannot. */
export const getQuoteItems: Handler<'getQuoteItems'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const quote = ownQuote(await findQuote(ctx.db, payload.quoteid), scope.account, scope.storefrontId);
  return quoteItems(ctx, quote.id);
};
