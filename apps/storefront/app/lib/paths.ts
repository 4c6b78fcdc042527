import type { CatalogItemCard } from '@storefront/contracts/catalogue';

/** Query parameters of /login that the page server and the sign-in page agree on. */
export const EXPIRED_PARAM = 'expired';
export const SIGN_OUT_PARAM = 'signOut';

/**
 * Sign-in, returning to `redirect` (a path with its query) afterwards. `expired`: the session was refused,
 * so the sign-in page clears it and says 'Session Expired, Please login again'.
 */
export function loginPath(redirect: string, { expired = false } = {}): string {
  const query = new URLSearchParams({ redirect });
  if (expired) query.set(EXPIRED_PARAM, '1');
  return `/login?${query.toString()}`;
}

/** The sign-in page signs the user out when it opens with this (in the browser, where the tokens are). */
export const signOutPath = `/login?${SIGN_OUT_PARAM}=1`;

/** Where sign-in returns to: the `redirect` path when it stays on this site (no open redirect), else home. */
export function returnPath(redirect: string | null): string {
  return redirect && /^\/(?![/\\])/.test(redirect) ? redirect : '/';
}

export function categoryPath(categoryId: string): string {
  return `/category/${encodeURIComponent(categoryId)}`;
}

/** Product cards link to /product/{productTemplateId}/{id} (spec P§2). */
export function productPath(item: Pick<CatalogItemCard, 'id' | 'productTemplateId'>): string {
  return `/product/${encodeURIComponent(item.productTemplateId)}/${encodeURIComponent(item.id)}`;
}

/** An absolute http(s) URL leaves the storefront and needs an explicit external link (spec P§2). */
export function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * The href a CMS link may use: root-relative, fragment, query, http(s), mailto or tel. Anything else
 * (javascript:, data:, protocol-relative //host) is refused with null.
 */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (/^\/(?!\/)|^[#?]/.test(trimmed)) return trimmed;
  return /^(https?:\/\/|mailto:|tel:)/i.test(trimmed) ? trimmed : null;
}

/** The cart page (spec C§2). */
export const CART_PATH = '/cart';
