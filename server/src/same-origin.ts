import type { Context, MiddlewareHandler } from 'hono';
import { cameOverHttps } from './client';

export const CROSS_SITE_MESSAGE =
  'Refused: this request was sent from another site. Open the page on this storefront and try again.';

/** Fetch Metadata of requests this origin's pages make, or the person themselves ('none': typed, bookmarked). */
const OWN_SITE = new Set(['same-origin', 'none']);
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** This server's origin as the browser sees it: https also behind a TLS proxy we trust. */
function ownOrigin(c: Context, trustProxy: boolean): string {
  return `${cameOverHttps(c, trustProxy) ? 'https' : 'http'}://${new URL(c.req.url).host}`;
}

/**
 * Cross-site request forgery: a page of another site may make a browser POST here with its cookies (a guest
 * cart replaced, a sign-out). Every state-changing request must come from a page of this origin, as the
 * browser's Sec-Fetch-Site and Origin say. A request with neither is no browser's, so no forgery.
 */
export function sameOriginWrites(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const crossSite =
      (site !== undefined && !OWN_SITE.has(site)) ||
      (origin !== undefined && origin !== ownOrigin(c, trustProxy));
    return crossSite ? c.json({ message: CROSS_SITE_MESSAGE }, 403) : next();
  };
}
