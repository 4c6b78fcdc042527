import { createHash } from 'node:crypto';
import type { TemplateMeta } from '@storefront/contracts/blocks';
import { redirect } from 'react-router';
import { parseCookies } from './cookies.server';
import { CART_PATH, sitePath } from './paths';
import type { StorefrontSession } from './storefront.server';

export const GUIDANCE_PATH = '/guidance';
/** Records, per browser, which user has read the guidance: a hash, so the cookie names nobody. */
const GUIDANCE_COOKIE = 'sf_guidance_done';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function userMark(username: string): string {
  return createHash('sha256').update(username).digest('base64url').slice(0, 22);
}

export function isCartPath(path: string): boolean {
  return path === CART_PATH || path.startsWith(`${CART_PATH}/`);
}

/** Only the cart's own paths of this site may be where guidance leads on to. */
export function guidanceNext(value: string | null, origin: string): string {
  const path = value ? sitePath(value, origin) : null;
  return path && isCartPath(new URL(path, origin).pathname) ? path : CART_PATH;
}

function guidanceDone(request: Request, username: string): boolean {
  return parseCookies(request.headers.get('cookie')).get(GUIDANCE_COOKIE) === userMark(username);
}

/**
 * Spec P§2: a cart path goes first to the guidance page when a guidance template exists, the user is signed
 * in and has not completed the guidance yet.
 */
export function guidanceRedirect(
  request: Request,
  session: StorefrontSession,
  templates: readonly { meta: Pick<TemplateMeta, 'Page_Category' | 'Active'> }[],
): Response | null {
  const { auth, url } = session;
  if (!auth.signedIn || !isCartPath(url.pathname)) return null;
  const hasGuidance = templates.some(
    (template) => template.meta.Active && template.meta.Page_Category === 'Guidance',
  );
  if (!hasGuidance || guidanceDone(request, auth.username)) return null;
  const query = new URLSearchParams({ redirect: url.pathname + url.search });
  return redirect(`${GUIDANCE_PATH}?${query}`);
}

/** `overHttps`: the load context's word on how the browser reached us; a Secure cookie never travels over http. */
export function guidanceDoneCookie(username: string, overHttps: boolean): string {
  const secure = overHttps ? '; Secure' : '';
  return `${GUIDANCE_COOKIE}=${userMark(username)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${ONE_YEAR_SECONDS}${secure}`;
}
