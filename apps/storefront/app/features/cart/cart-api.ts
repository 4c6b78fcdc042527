import { problemOf, QUOTE_BUSY_CODES } from '@storefront/contracts/crm-errors';
import type { CartOrNone } from '@storefront/contracts/crm-quotes';
import { MESSAGES } from '@storefront/contracts/messages';
import { data } from 'react-router';
import { z } from 'zod';
import { readForm } from '../../lib/form.server';
import { GatewayCallError } from '../../lib/gateway';
import { serverContext } from '../../lib/load-context';
import { loginPath } from '../../lib/paths';
import { requireSession, type StorefrontSession } from '../../lib/storefront.server';
import type { Route } from './+types/cart-api';
import {
  addToCart,
  applyPromoCode,
  claimGuestCart,
  makeActiveCart,
  removeLine,
  removePromoCode,
  shopsAsGuest,
  startNewCart,
  updateLine,
} from './cart.server';
import { CART_INTENTS, type CartActionResult, type CartIntent } from './cart-actions';
import {
  clearedGuestCartCookie,
  guestCartCookie,
  newGuestCartSecret,
  readGuestCartSecret,
} from './guest-cart.server';
import { QUOTE_BUSY_MESSAGE } from './line-update-retry';

const id = z.string().trim().min(1).max(64);
const quantity = z.coerce
  .number({ message: 'Quantity must be a number.' })
  .int('Quantity must be a whole number.')
  .max(100_000, 'Quantity must be 100,000 or less.');

type Outcome = Omit<Extract<CartActionResult, { ok: true }>, 'ok' | 'intent'>;
type Form = Record<string, FormDataEntryValue>;

/** Input a person can correct: refused with the message of its first problem. */
class FormError extends Error {}

function parseForm<S extends z.ZodType>(schema: S, form: Form): z.output<S> {
  const parsed = schema.safeParse(form);
  if (!parsed.success) throw new FormError(parsed.error.issues[0]?.message ?? 'Invalid input.');
  return parsed.data;
}

/** The cart as the CRM answered it, repriced: the page takes it as it is. */
const changed = (cart: CartOrNone, message: string | null): Outcome => ({
  message,
  quoteId: cart.quote?.id ?? null,
  lineCount: cart.lines.length,
  cart,
});

const promoCode = z
  .string()
  .trim()
  .min(1, 'Enter a promo code.')
  .max(64, 'A promo code has at most 64 characters.');

/** Each intent: its form, parsed so what a person typed gets a message they can act on, and its call. */
const INTENTS: Record<CartIntent, (session: StorefrontSession, form: Form) => Promise<Outcome>> = {
  async add(session, form) {
    const { catalogItemId, qty } = parseForm(
      z.object({ catalogItemId: id, qty: quantity.min(1, 'Quantity must be at least 1.') }),
      form,
    );
    const cart = await addToCart(session, catalogItemId, qty);
    // The product as the CRM holds it, not as the page named it.
    const added = cart.lines.find((line) => line.catalogItemId === catalogItemId);
    return changed(cart, `${added?.name ?? 'The product'} (${qty}) was added to your cart.`);
  },
  async update(session, form) {
    const { quoteId, lineId, qty } = parseForm(
      z.object({ quoteId: id, lineId: id, qty: quantity.min(0, 'Quantity must be 0 or more.') }),
      form,
    );
    return changed(await updateLine(session, quoteId, lineId, qty), null);
  },
  async remove(session, form) {
    const { quoteId, lineId } = parseForm(z.object({ quoteId: id, lineId: id }), form);
    return changed(await removeLine(session, quoteId, lineId), 'The line was removed from your cart.');
  },
  async promo(session, form) {
    const fields = parseForm(z.object({ quoteId: id, promoCode }), form);
    const cart = await applyPromoCode(session, fields.quoteId, fields.promoCode);
    return changed(cart, `Promo code ${cart.promoCode ?? fields.promoCode} was applied.`);
  },
  async removePromo(session, form) {
    const fields = parseForm(z.object({ quoteId: id, promoCode }), form);
    const cart = await removePromoCode(session, fields.quoteId, fields.promoCode);
    return changed(cart, `Promo code ${fields.promoCode} was removed.`);
  },
  async makeActive(session, form) {
    const { quoteId } = parseForm(z.object({ quoteId: id }), form);
    return changed(await makeActiveCart(session, quoteId), 'This quote is your cart again.');
  },
  /** The guest account's cart is every guest's own: only a signed-in buyer keeps earlier carts to go back to. */
  async startNew(session) {
    if (shopsAsGuest(session)) throw new FormError('Sign in to keep your cart and start a new one.');
    const { quote } = await startNewCart(session);
    return changed(
      { quote, lines: [], promoCode: null },
      'A new, empty cart is started. Your previous cart is kept under Your earlier carts.',
    );
  },
  /**
   * After sign-in the guest's cart becomes the account's. Nothing to do for a user with no guest cart, or one
   * who shops as the guest account (no account of their own yet): the guest cart is theirs already.
   */
  async claim(session) {
    if (shopsAsGuest(session) || !session.guestCartSecret)
      return { message: null, quoteId: null, lineCount: 0, cart: null };
    const cart = await claimGuestCart(session, session.guestCartSecret);
    const missing = cart.unavailable.join(', ');
    return changed(
      cart,
      missing ? `Not in your account's catalogue, so left out of your cart: ${missing}.` : null,
    );
  },
};

/** Every cart change (spec C§7): the server decides account, prices and ownership; the gateway checks them. */
export async function action(args: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(args.request));
  const intent = z.enum(CART_INTENTS).safeParse(form.intent);
  if (!intent.success) return failure(null, 400, 'Unknown cart action.');

  // A guest's first add starts their cart: it is bound to a new secret in an http-only cookie.
  const existing = readGuestCartSecret(args.request);
  const started = !existing && intent.data === 'add' ? newGuestCartSecret() : null;
  const session = await requireSession(args, existing ?? started);
  const headers = new Headers();
  if (started && shopsAsGuest(session))
    headers.append('set-cookie', guestCartCookie(started, serverContext(args.context).overHttps));
  try {
    const outcome = await INTENTS[intent.data](session, form);
    // Once the cart is the account's the secret reaches nothing; a user shopping as the guest account keeps it.
    if (intent.data === 'claim' && session.guestCartSecret && !shopsAsGuest(session)) {
      headers.append('set-cookie', clearedGuestCartCookie(serverContext(args.context).overHttps));
    }
    const result: CartActionResult = { ok: true, intent: intent.data, ...outcome };
    return data(result, { headers });
  } catch (error) {
    if (error instanceof FormError) return refused(intent.data, error.message);
    if (!(error instanceof GatewayCallError)) throw error;
    if (error.status === 401) {
      const signInPath = loginPath('/cart', { expired: true });
      return failure(intent.data, 401, MESSAGES.sessionExpired, { signInPath });
    }
    if (REFUSALS.includes(error.status)) return refused(intent.data, personMessage(error));
    return failure(intent.data, error.status, personMessage(error));
  }
}

/**
 * The CRM's answers to what was asked (invalid or expired, no such code or line, a quote still busy after the
 * retries): the cart's own answers, so the page shows them and the browser logs no failed request. Sign-in
 * (401), access (403), throttling (429) and failures of the server stay HTTP errors (decision 0013).
 */
const REFUSALS: readonly number[] = [400, 404, 409];

function refused(intent: CartIntent, message: string) {
  const result: CartActionResult = { ok: false, intent, message };
  return data(result);
}

/** The person reads the problem, not the field the CRM names ('SPRING24 is expired.'). */
function personMessage(error: GatewayCallError): string {
  if (QUOTE_BUSY_CODES.includes(error.errorCode)) return QUOTE_BUSY_MESSAGE;
  return problemOf(error);
}

function failure(
  intent: CartIntent | null,
  status: number,
  message: string,
  extra: { signInPath?: string } = {},
) {
  const result: CartActionResult = { ok: false, intent, message, ...extra };
  return data(result, { status });
}
