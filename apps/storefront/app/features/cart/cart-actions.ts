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
  'claim',
] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

/**
 * What a cart action answers the page: what to tell the user, and which quote changed. A refusal of what was
 * asked (a code that does not exist, a quantity out of range) is an answer with `ok: false`, not an HTTP error
 * (decision 0013).
 */
export type CartActionResult =
  | { ok: true; intent: CartIntent; message: string | null; quoteId: string | null; lineCount: number }
  | { ok: false; intent: CartIntent | null; message: string; signInPath?: string };
