import { MESSAGES } from '@storefront/contracts/messages';
import { loadTemplates } from '../../lib/content.server';
import { serverContext } from '../../lib/load-context';
import { siteOrigin } from '../../lib/paths';
import { firstTimeGuestSession } from '../../lib/storefront.server';
import type { Route } from './+types/robots';
import { personalTemplatePaths } from './listed-pages';
import { guestRobotsTxt, SIGN_IN_ONLY_ROBOTS_TXT } from './robots-txt';
import { SITEMAP_PATH } from './sitemap-xml';

/** A day: crawlers read robots.txt about that often anyway. */
const CACHE_CONTROL = 'public, max-age=86400';

/**
 * /robots.txt of the host's storefront: a guest storefront opens its catalogue and names its sitemap; a
 * sign-in-only storefront closes everything.
 */
export async function loader(args: Route.LoaderArgs) {
  const storefront = await serverContext(args.context).resolveDomain(args.url.host);
  if (!storefront) return plainText(MESSAGES.storefrontNotFound, 404);
  const session = firstTimeGuestSession(args, storefront);
  if (!session) return plainText(SIGN_IN_ONLY_ROBOTS_TXT);
  const personal = personalTemplatePaths(await loadTemplates(session));
  const origin = siteOrigin(args.url, serverContext(args.context).overHttps);
  return plainText(guestRobotsTxt(origin + SITEMAP_PATH, personal));
}

function plainText(body: string, status = 200): Response {
  const headers = new Headers({ 'content-type': 'text/plain; charset=utf-8' });
  if (status === 200) headers.set('cache-control', CACHE_CONTROL);
  return new Response(body, { status, headers });
}
