import { randomBytes } from 'node:crypto';
import { GUEST_CART_DAYS } from '@storefront/contracts/crm-quotes';
import { parseCookies } from '../../lib/cookies.server';

/**
 * A guest's cart is bound to a secret kept in this http-only cookie: scripts cannot read it, and knowing a
 * quote id alone never reaches the cart. The gateway receives it as a header on the server's calls.
 */
const GUEST_CART_COOKIE = 'sf_guest_cart';
const SECRET = /^[A-Za-z0-9_-]{43}$/;
/** A guest cart outlives a browser session, as a shop's basket does. */
const MAX_AGE_SECONDS = GUEST_CART_DAYS * 24 * 60 * 60;

export function readGuestCartSecret(request: Request): string | null {
  const secret = parseCookies(request.headers.get('cookie')).get(GUEST_CART_COOKIE);
  return secret && SECRET.test(secret) ? secret : null;
}

/** 256 random bits, base64url. */
export function newGuestCartSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** `overHttps`: the load context's word on how the browser reached us; a Secure cookie never travels over http. */
function cookie(value: string, maxAge: number, overHttps: boolean): string {
  const secure = overHttps ? '; Secure' : '';
  return `${GUEST_CART_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function guestCartCookie(secret: string, overHttps: boolean): string {
  return cookie(secret, MAX_AGE_SECONDS, overHttps);
}

/** Once the cart is the signed-in account's, the secret has nothing left to reach. */
export function clearedGuestCartCookie(overHttps: boolean): string {
  return cookie('', 0, overHttps);
}
