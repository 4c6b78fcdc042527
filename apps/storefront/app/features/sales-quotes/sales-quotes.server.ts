import { problemOf } from '@storefront/contracts/crm-errors';
import type { PreparedQuote } from '@storefront/contracts/crm-sales-quotes';
import { accountScope, crmCall, orElse } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';
import { shopsAsGuest } from '../cart/cart.server';
import { ownRecord } from '../requests/requests.server';

/** The quotes sales prepared for the account that may still be taken (the gateway binds the caller). */
export async function openPreparedQuotes(session: StorefrontSession): Promise<PreparedQuote[]> {
  return (await crmCall(session, 'getActiveOpenCart', accountScope(session))).openQuotes;
}

/** For the cart's notice: none for a guest, and none (with a log line) when they cannot be had. */
export function preparedQuotesForCart(session: StorefrontSession): Promise<PreparedQuote[]> {
  if (shopsAsGuest(session)) return Promise.resolve([]);
  return orElse('The quotes prepared by sales', [], () => openPreparedQuotes(session));
}

/** A prepared quote of the account with its lines, or the page's 404 or 403. */
export function reviewPreparedQuote(session: StorefrontSession, quoteId: string) {
  return ownRecord(
    () => crmCall(session, 'retrieveQuoteLines', { ...accountScope(session), quoteId }),
    'quote',
  );
}

export type TakeResult = { ok: true } | { ok: false; message: string };

/** Takes the quote as the viewer's cart; a refusal (taken, expired) is a message for the page, not an error page. */
export async function takePreparedQuote(session: StorefrontSession, quoteId: string): Promise<TakeResult> {
  try {
    await crmCall(session, 'takeThisQuote', { ...accountScope(session), quoteId });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof GatewayCallError) || error.status >= 500) throw error;
    return { ok: false, message: problemOf(error) };
  }
}
