import type { AccountRow } from '../../db/queries/accounts';
import { lockQuote, QuoteLockedError, type QuoteRow } from '../../db/queries/quotes';
import { CrmHttpError, forbidden, notFound } from '../errors';
import { type AccountScope, accountScope } from './scope';
import type { HandlerContext } from './types';

export interface QuoteScope extends AccountScope {
  storefrontId: string;
}

/**
 * The account a quote type acts for (403 unless it belongs to the storefront). The storefront's guest
 * account is shared by every guest, so it has no cart here: guest carts are bound to a secret instead.
 */
export async function quoteScope(
  ctx: HandlerContext,
  payload: { storefrontId: string; accountId: string },
): Promise<QuoteScope> {
  const scope = await accountScope(ctx, payload.storefrontId, payload.accountId);
  if (scope.account.isGuest) {
    throw new CrmHttpError(
      403,
      'GUEST_CART_REQUIRES_SECRET',
      'accountId: a guest cart is only reachable with its guest cart secret, not through the guest account.',
    );
  }
  return { ...scope, storefrontId: payload.storefrontId };
}

/** The quote, if it is the account's own on this storefront: 404 when there is none, 403 when it is not. */
export function ownQuote(quote: QuoteRow | undefined, account: AccountRow, storefrontId: string): QuoteRow {
  if (!quote) throw notFound('quoteId: there is no quote with this id.');
  const own =
    quote.accountId === account.id && quote.storefrontId === storefrontId && quote.guestSecretHash === null;
  if (!own) throw forbidden();
  return quote;
}

/** A checked-out quote is an order in the making; its lines and totals no longer change. */
export function changeableQuote(quote: QuoteRow): QuoteRow {
  if (quote.checkedOut) {
    throw new CrmHttpError(
      400,
      'QUOTE_CHECKED_OUT',
      'quoteId: this quote is checked out and can no longer be changed; start a new cart.',
    );
  }
  return quote;
}

/**
 * Runs a change of the account's quote in one transaction holding the quote's row lock, taken without
 * waiting: when another change holds it the answer says 'unable_to_lock_row' and the storefront retries.
 */
export async function changeQuote<T>(
  ctx: HandlerContext,
  scope: QuoteScope,
  quoteId: string,
  change: (tx: HandlerContext, quote: QuoteRow) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction(async (db) => {
      const quote = await lockQuote(db, quoteId, 'nowait');
      return change({ ...ctx, db }, changeableQuote(ownQuote(quote, scope.account, scope.storefrontId)));
    });
  } catch (error) {
    if (error instanceof QuoteLockedError) {
      throw new CrmHttpError(
        409,
        'UNABLE_TO_LOCK_ROW',
        'unable_to_lock_row: the quote is being changed by another request; try again.',
      );
    }
    throw error;
  }
}
