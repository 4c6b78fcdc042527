import type { CartOrNone, ClaimedCart } from '@storefront/contracts';
import { CrmHttpError } from '../../core/errors';
import type { Handler, HandlerContext } from '../../core/handler';
import { accountScope } from '../../core/scope';
import { lockCartOwner, lockQuote } from '../../db/locks';
import { findGuestAccountId } from '../../storefronts';
import {
  activateQuote,
  catalogueItemIdsBySku,
  deactivateQuotes,
  deleteLines,
  findActiveQuote,
  findQuote,
  linesWithItems,
  setLineItem,
  transferQuote,
} from '../queries/quotes';
import {
  activeCartOf,
  findChangeableQuote,
  hashGuestSecret,
  insertCart,
  lockChangeableQuote,
  ownQuote,
  type QuoteScope,
  quoteScope,
} from './quote-access';
import { quoteItems, repriceQuote, toQuoteSummary } from './quote-view';

/** The owner's open, not checked-out quote, or null when they have none yet. */
export const getActiveQuote: Handler<'getActiveQuote'> = async (ctx, payload) => {
  const { quote } = await activeCartOf(ctx, payload);
  return { quote: quote ? toQuoteSummary(quote) : null };
};

/** getActiveQuote for a signed-in user, echoing who it was asked for; a ship-to account must be of the storefront. */
export const getActiveQuoteFromUser: Handler<'getActiveQuoteFromUser'> = async (ctx, payload) => {
  const { account, quote } = await activeCartOf(ctx, payload);
  if (payload.shipToAccountId) await accountScope(ctx, payload.storefrontId, payload.shipToAccountId);
  return {
    userType: payload.userType,
    accountId: account.id,
    contactId: payload.contactId ?? null,
    shipToAccountId: payload.shipToAccountId ?? null,
    quote: quote ? toQuoteSummary(quote) : null,
  };
};

/** An empty quote becomes the owner's cart; the previous open one is kept, inactive. */
export const startNewCart: Handler<'startNewCart'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const quote = await ctx.db.transaction(async (db) => {
    await lockCartOwner(db, scope.owner);
    await deactivateQuotes(db, scope.owner);
    return insertCart(db, scope);
  });
  return { quote: toQuoteSummary(quote) };
};

/** An own quote not checked out becomes the cart again (the one active before goes Inactive). */
export const makeActiveCart: Handler<'makeActiveCart'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  await findChangeableQuote(ctx.db, scope, payload.quoteId);
  return ctx.db.transaction(async (db) => {
    await lockCartOwner(db, scope.owner);
    const quote = await lockChangeableQuote(db, scope, payload.quoteId, 'wait');
    await deactivateQuotes(db, scope.owner);
    await activateQuote(db, quote.id);
    return quoteItems({ ...ctx, db }, quote.id);
  });
};

/**
 * After sign-in the guest's cart becomes the account's active cart (spec C§4), so nothing picked as a guest
 * is lost. Its lines move to the account's catalogue by SKU and are repriced at the account's prices; items
 * the account cannot buy are left out and named in `unavailable`. A claim that would move no line (no guest
 * cart, an empty one, or one holding only items the account cannot buy) leaves both carts as they were.
 */
export const makeActiveCartForGuest: Handler<'makeActiveCartForGuest'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  if (scope.account.isGuest) {
    throw new CrmHttpError(
      400,
      'SIGN_IN_REQUIRED',
      'a guest cart moves to a signed-in account.',
      'accountId',
    );
  }
  const guestAccountId = await findGuestAccountId(ctx.db, scope.storefrontId);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await lockCartOwner(db, scope.owner);
    const guestCart = guestAccountId
      ? await findActiveQuote(db, {
          accountId: guestAccountId,
          contactId: null,
          guestSecretHash: hashGuestSecret(payload.guestCartSecret),
        })
      : undefined;
    const locked = guestCart && (await lockQuote(db, guestCart.id, 'wait'));
    const lines = locked ? await linesWithItems(db, locked.id) : [];
    const skuToItem = await catalogueItemIdsBySku(
      db,
      scope.catalogue.id,
      lines.map(({ item }) => item.sku),
    );
    const unavailable = lines.filter(({ item }) => !skuToItem.has(item.sku));
    const unavailableNames = unavailable.map(({ item }) => item.name);
    // Moving a cart of which no line survives would swap the account's cart for an empty one: it keeps its own.
    if (!locked || unavailable.length === lines.length) {
      const unchanged: ClaimedCart = { ...(await activeCartItems(tx, scope)), unavailable: unavailableNames };
      return unchanged;
    }
    await deleteLines(
      db,
      locked.id,
      unavailable.map(({ line }) => line.id),
    );
    for (const { line, item } of lines) {
      const itemId = skuToItem.get(item.sku);
      if (itemId && itemId !== line.catalogItemId) await setLineItem(db, line.id, itemId);
    }
    await deactivateQuotes(db, scope.owner);
    const currency = scope.catalogue.currency;
    await transferQuote(db, locked.id, {
      accountId: scope.account.id,
      contactId: scope.owner.contactId,
      currency,
    });
    const cart = await repriceQuote(tx, { ...locked, accountId: scope.account.id, currency });
    const claimed: ClaimedCart = { ...cart, unavailable: unavailableNames };
    return claimed;
  });
};

/** The owner's active cart with its lines, or no quote and no lines. */
async function activeCartItems(ctx: HandlerContext, scope: QuoteScope): Promise<CartOrNone> {
  const quote = await findActiveQuote(ctx.db, scope.owner);
  return quote ? quoteItems(ctx, quote.id) : { quote: null, lines: [], promoCode: null };
}

/** The quote's lines and totals; a checked-out quote can still be read, another owner's cannot. */
export const getQuoteItems: Handler<'getQuoteItems'> = async (ctx, payload) => {
  const scope = await quoteScope(ctx, payload);
  const quote = ownQuote(await findQuote(ctx.db, payload.quoteid), scope);
  return quoteItems(ctx, quote.id);
};
