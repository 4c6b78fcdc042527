import { SHAREABLE_PAGE_HEADER } from '@storefront/contracts/constants';
import { MESSAGES } from '@storefront/contracts/messages';
import { serverContext } from '../../lib/load-context';
import { siteOrigin } from '../../lib/paths';
import { firstTimeGuestSession } from '../../lib/storefront.server';
import type { Route } from './+types/sitemap';
import { guestPagePaths } from './guest-pages.server';
import { sitemapIndex, sitemapPart, sitemapPartCount, sitemapPartPath, urlSet } from './sitemap-xml';

/** An hour for browsers and CDNs; the server keeps it as it keeps guest pages (docs/decisions/0044). */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * /sitemap.xml, and /sitemaps/{n}.xml when the pages are more than one sitemap file holds: every page a
 * first-time guest can see, at its canonical URL on the host it was asked of. A sign-in-only storefront has
 * none (404).
 */
export async function loader(args: Route.LoaderArgs) {
  const storefront = await serverContext(args.context).resolveDomain(args.url.host);
  const session = storefront ? firstTimeGuestSession(args, storefront) : null;
  if (!session) return notFound(storefront ? SIGN_IN_ONLY : MESSAGES.storefrontNotFound);
  const origin = siteOrigin(args.url, serverContext(args.context).overHttps);
  const urls = (await guestPagePaths(session)).map((path) => origin + path);
  const parts = sitemapPartCount(urls.length);
  const { file } = args.params;
  if (file === undefined) {
    if (parts === 1) return xml(urlSet(urls));
    return xml(
      sitemapIndex(Array.from({ length: parts }, (_, index) => origin + sitemapPartPath(index + 1))),
    );
  }
  const part = Number(/^(\d{1,6})\.xml$/.exec(file)?.[1]);
  if (parts === 1 || !(part >= 1 && part <= parts)) return notFound();
  return xml(urlSet(sitemapPart(urls, part)));
}

function xml(body: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': CACHE_CONTROL,
      // The same for every visitor: the server may keep it for the next one without cookies.
      [SHAREABLE_PAGE_HEADER]: 'true',
    },
  });
}

const SIGN_IN_ONLY = 'This storefront is for signed-in buyers only: it has no pages to list.';

function notFound(message = 'No such sitemap.'): Response {
  return new Response(message, { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
