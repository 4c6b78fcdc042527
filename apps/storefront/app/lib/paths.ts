/** The query parameters of /login that the page server and the sign-in page agree on. */
export const EXPIRED_PARAM = 'expired';
export const SIGN_UP_PARAM = 'signUp';

/**
 * Sign-in, returning to `redirect` (a path with its query) afterwards. `expired`: the session was refused,
 * so the sign-in page clears it and says 'Session Expired, Please login again'. `signUp`: the page opens on
 * "Create an account".
 */
export function loginPath(redirect: string, { expired = false, signUp = false } = {}): string {
  const query = new URLSearchParams({ redirect });
  if (expired) query.set(EXPIRED_PARAM, '1');
  if (signUp) query.set(SIGN_UP_PARAM, '1');
  return `/login?${query.toString()}`;
}

/**
 * The intent the header's 'Sign out' form posts to /login. A POST, checked to come from this site, so a link
 * or form on another site cannot sign anyone out.
 */
export const SIGN_OUT_INTENT = 'signOut';

/**
 * `target` as a path (with query and fragment) of the site at `origin`, or null when following it would leave
 * that site. Parsed as a browser parses it (tab, CR and LF dropped, a backslash read as '/'): to a browser
 * '/<tab>/evil.example' is another host, which a check of the text alone misses.
 */
export function sitePath(target: string, origin: string): string | null {
  try {
    const url = new URL(target, origin);
    return url.origin === new URL(origin).origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** Where sign-in returns to: the `redirect` path when it stays on this site (no open redirect), else home. */
export function returnPath(redirect: string | null, origin: string): string {
  return (redirect && sitePath(redirect, origin)) || '/';
}

/**
 * /category/{id or slug}. A slug names the category in whichever catalogue the viewer has, so a link kept
 * across signing in still finds it; an id names one catalogue's category only.
 */
export function categoryPath(idOrSlug: string): string {
  return `/category/${encodeURIComponent(idOrSlug)}`;
}

/** Product cards link to /product/{productTemplateId}/{slug}: the CRM's canonical URL of the product. */
export { productPath } from '@storefront/contracts/template-resolution';

/** An absolute http(s) URL leaves the storefront and needs an explicit external link (spec P§2). */
export function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * The href a CMS link may use: root-relative, fragment, query, http(s), mailto or tel. Anything else
 * (javascript:, data:, protocol-relative //host, a path a browser reads as another host) is refused with null.
 */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (/^[#?]/.test(trimmed)) return trimmed;
  // A path resolves against whatever origin the page has: any one tells whether a browser would stay on it.
  if (trimmed.startsWith('/')) return sitePath(trimmed, 'http://storefront.invalid');
  return /^(https?:\/\/|mailto:|tel:)/i.test(trimmed) ? trimmed : null;
}

/**
 * The scheme and host the browser reached the storefront by, for absolute URLs (canonical links, the
 * sitemap): https when it came over https, also through a TLS proxy the server trusts (request.url then
 * says http).
 */
export function siteOrigin(url: URL, overHttps: boolean): string {
  return `${overHttps ? 'https' : 'http'}://${url.host}`;
}

/** The cart page (spec C§2). */
export const CART_PATH = '/cart';

/** The signed-in viewer's notifications (a page of the account area, docs/decisions/0026). */
export const NOTIFICATIONS_PATH = '/billing/notifications';

/** The account's quotes and orders: the List page of the template named 'quotes' (docs/decisions/0026). */
export const QUOTES_AND_ORDERS_PATH = '/quotes';

/**
 * A page of this app with no data at all (no root data, no loader, no gateway call): the reference the
 * benchmarks compare the storefront's pages against (docs/decisions/0042).
 */
export const BARE_PAGE_PATH = '/_bare';

/** Where a page kept for its price context reads the viewer's own parts (docs/decisions/0067). */
export const PERSONAL_DATA_PATH = '/api/personal';
