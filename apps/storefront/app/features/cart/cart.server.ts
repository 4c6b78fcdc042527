import type { QuoteListEntry, TranslationHeaders } from '@storefront/contracts/crm-cart-records';
import type { ClaimedCart, QuoteItems } from '@storefront/contracts/crm-quotes';
import { MESSAGES } from '@storefront/contracts/messages';
import { accountScope, crmCall, orElse } from '../../lib/crm.server';
import { GatewayCallError } from '../../lib/gateway';
import type { StorefrontSession } from '../../lib/storefront.server';
import { withLineUpdateRetry } from './line-update-retry';

/** What a cart page shows: the cart, none yet, or a quote the viewer may not see. */
export type CartLoad =
  | { status: 'ready'; cart: QuoteItems }
  | { status: 'empty' }
  | { status: 'refused'; message: string }
  | { status: 'missing'; message: string };

/** Whatever the refusal's detail, the person sees the spec's access-denied message (P§8). */
const REFUSED: CartLoad = { status: 'refused', message: MESSAGES.accessDenied };
const MISSING: CartLoad = { status: 'missing', message: 'There is no cart with this id.' };

/** applyPromoCodeNG takes at most 200 lines a call; smaller batches keep each lock short. */
const PROMO_BATCH = 100;

/**
 * Whether the viewer shops as the storefront's guest account: a guest, or a signed-in user who has no account
 * of their own yet. Their cart is a guest cart, bound to the secret of their cookie.
 */
export function shopsAsGuest(session: StorefrontSession): boolean {
  return session.viewer.accountId === session.storefront.guestAccountId;
}

/** Shopping as the guest account without a cart secret: nothing was added yet, so there is no cart. */
function hasNoCart(session: StorefrontSession): boolean {
  return shopsAsGuest(session) && !session.guestCartSecret;
}

/**
 * The quote the page names (/cart/{quoteId}, ?quoteId or ?quoteid), else the viewer's active cart. A quote
 * of another account is refused by the gateway and the CRM; the page says so instead of failing.
 */
export async function loadCart(session: StorefrontSession, quoteId: string | null): Promise<CartLoad> {
  if (hasNoCart(session)) return quoteId ? REFUSED : { status: 'empty' };
  try {
    const id = quoteId ?? (await crmCall(session, 'getActiveQuote', accountScope(session))).quote?.id;
    if (!id) return { status: 'empty' };
    const cart = await crmCall(session, 'getQuoteItems', { ...accountScope(session), quoteid: id });
    return cart.lines.length === 0 && !quoteId ? { status: 'empty' } : { status: 'ready', cart };
  } catch (error) {
    if (!(error instanceof GatewayCallError)) throw error;
    if (error.status === 403) return REFUSED;
    // A quote id the CRM cannot take (too long, say) names no quote either.
    if (error.status === 404 || error.status === 400) return MISSING;
    throw error;
  }
}

export function addToCart(session: StorefrontSession, catalogItemId: string, qty: number) {
  return crmCall(session, 'saveItemToQuoteBlink', { ...accountScope(session), catalogItemId, qty });
}

/** A new quantity (0 removes the line), retried while another change holds the quote (spec C§7). */
export function updateLine(session: StorefrontSession, quoteId: string, lineId: string, qty: number) {
  return withLineUpdateRetry(() =>
    crmCall(session, 'updateQLI', { ...accountScope(session), quoteId, lines: [{ id: lineId, qty }] }),
  );
}

export function removeLine(session: StorefrontSession, quoteId: string, lineId: string) {
  return crmCall(session, 'deleteLineItems', { ...accountScope(session), quoteId, qliIds: [lineId] });
}

/**
 * Applies a promo code to the lines it covers (spec C§7): the CRM names them, then takes them in batches, the
 * last flagged isLastBatch, with the subtotal this cart was shown at so a cart changed meanwhile is refused.
 * A code already applied is replaced by the CRM in the first batch.
 */
export async function applyPromoCode(
  session: StorefrontSession,
  quoteId: string,
  promoCode: string,
): Promise<QuoteItems> {
  const cart = await crmCall(session, 'getQuoteItems', { ...accountScope(session), quoteid: quoteId });
  const { qliIds } = await crmCall(session, 'getQLIsForPromoCode', {
    ...accountScope(session),
    quoteId,
    promoCode,
  });
  let applied = cart;
  for (let start = 0; start < qliIds.length; start += PROMO_BATCH) {
    applied = await crmCall(session, 'applyPromoCodeNG', {
      ...accountScope(session),
      promoCode,
      quoteId,
      qliIds: qliIds.slice(start, start + PROMO_BATCH),
      isLastBatch: start + PROMO_BATCH >= qliIds.length,
      originalTotalSalesPrice: cart.quote.subtotal,
    });
  }
  return applied;
}

/** The quote gives up the code it shows: its lines are repriced without it (decision 0013). */
export function removePromoCode(session: StorefrontSession, quoteId: string, promoCode: string) {
  return crmCall(session, 'removePromoCodeNG', { ...accountScope(session), quoteId, promoCode });
}

/** An own earlier quote becomes the cart again. */
export function makeActiveCart(session: StorefrontSession, quoteId: string) {
  return crmCall(session, 'makeActiveCart', { ...accountScope(session), quoteId });
}

/** A new, empty quote becomes the cart; the one before is kept, inactive, among the earlier carts. */
export function startNewCart(session: StorefrontSession) {
  return crmCall(session, 'startNewCart', accountScope(session));
}

/** After sign-in: the cart made as a guest becomes the account's cart (spec C§4). */
export function claimGuestCart(session: StorefrontSession, guestCartSecret: string): Promise<ClaimedCart> {
  return crmCall(session, 'makeActiveCartForGuest', { ...accountScope(session), guestCartSecret });
}

/** The active cart's total for the header; null without a cart. */
export function activeCartTotal(
  session: StorefrontSession,
): Promise<{ total: number; currency: string } | null> {
  if (hasNoCart(session)) return Promise.resolve(null);
  return orElse('The cart total for the header', null, async () => {
    const { quote } = await crmCall(session, 'getActiveQuote', accountScope(session));
    return quote ? { total: quote.total, currency: quote.currency } : null;
  });
}

/** The cart's column labels in the viewer's language (getTranslationHeaders); null: the page's own. */
export function cartColumnLabels(session: StorefrontSession): Promise<TranslationHeaders['headers'] | null> {
  return orElse('The cart column labels', null, async () => {
    return (await crmCall(session, 'getTranslationHeaders', { locale: session.locale })).headers;
  });
}

/** How many earlier carts the cart page lists. */
const EARLIER_CARTS = 5;

/** A signed-in user's earlier open carts, newest first, to go back to one (a guest has one cart only). */
export function earlierCarts(session: StorefrontSession): Promise<QuoteListEntry[]> {
  if (shopsAsGuest(session)) return Promise.resolve([]);
  return orElse('The earlier carts', [], async () => {
    const list = await crmCall(session, 'getGroupedFilteredList', {
      ...accountScope(session),
      statuses: ['Inactive'],
      checkedOut: false,
      page: 1,
      pageSize: EARLIER_CARTS,
    });
    return list.groups.flatMap((group) => group.quotes);
  });
}

export function exportCart(session: StorefrontSession, quoteId: string) {
  return crmCall(session, 'exportToCSV', { ...accountScope(session), quoteId });
}
