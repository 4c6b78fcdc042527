import type { CartOrNone } from '@storefront/contracts/crm-quotes';

/** The cart's action route: every change of the cart is a POST here with an `intent`. */
export const CART_ACTION_PATH = '/api/cart';
/** The CSV export of a quote's lines: GET with ?quoteId. */
export const CART_EXPORT_PATH = '/api/cart/export';

export const CART_INTENTS = [
  'add',
  'update',
  'remove',
  'promo',
  'removePromo',
  'makeActive',
  'startNew',
  'claim',
] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

/**
 * What a cart action answers the page: what to tell the user, which quote changed, and the cart as the CRM
 * repriced it (null when nothing changed), so a page that does not show the cart need not read it again
 * (docs/decisions/0042). A refusal of what was asked (a code that does not exist, a quantity out of range) is
 * an answer with `ok: false`, not an HTTP error (decision 0013).
 */
export type CartActionResult =
  | {
      ok: true;
      intent: CartIntent;
      message: string | null;
      quoteId: string | null;
      lineCount: number;
      cart: CartOrNone | null;
    }
  | { ok: false; intent: CartIntent | null; message: string; signInPath?: string };

/** What the header shows of a cart: its total; null without one. */
export type CartTotal = { total: number; currency: string } | null;

export function cartTotalOf(cart: CartOrNone): CartTotal {
  return cart.quote ? { total: cart.quote.total, currency: cart.quote.currency } : null;
}
