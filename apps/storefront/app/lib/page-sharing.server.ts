import type { RouterContextProvider } from 'react-router';
import { serverContext } from './load-context';
import { identifyViewer, openSession } from './storefront.server';

/**
 * Pages that are always their viewer's own (the account area, sign-in, the cart and checkout, support, the
 * ordering and learning areas): no request for them is worth working out a price context.
 */
const OWN_AREAS = [
  '/billing',
  '/login',
  '/changePassword',
  '/cart',
  '/checkout',
  '/api',
  '/support',
  '/viewInvoice',
  '/guidance',
  '/uploadoptions',
  '/cpq',
  '/configurator',
  '/elearning',
];
/** A quote the URL names (spec P§2) is the viewer's cart. */
const QUOTE_PARAMETERS = ['quoteId', 'quoteid'];

/**
 * The price context of a page request with cookies (a signed-in buyer, a returning guest): everything that
 * changes what the page shows them apart from their personal parts, which a page rendered for the context
 * leaves as holes (docs/decisions/0067-page-cache-by-price-context.md). Every buyer with the same answer is
 * shown the same page. Null when the page is the viewer's own, or the request is not a page's document (a
 * data request, a file, an API).
 *
 * The viewer is verified by the gateway as the page's own render verifies them: a token it refuses, or an
 * expired session, gets no context, and the render sends the browser to sign in.
 */
export async function pageSharingContext(
  request: Request,
  context: RouterContextProvider,
): Promise<string | null> {
  const url = new URL(request.url);
  if (!isPageDocument(request, url)) return null;
  if (OWN_AREAS.some((area) => url.pathname === area || url.pathname.startsWith(`${area}/`))) return null;
  if (QUOTE_PARAMETERS.some((name) => url.searchParams.has(name))) return null;
  try {
    const { storefront, viewer, locale } = await identifyViewer(await openSession({ request, url, context }));
    // A signed-in buyer's search is kept among their recent searches by the page's render.
    if (!viewer.isGuest && url.searchParams.has('searchText')) return null;
    const accountPages = viewer.isGuest
      ? ''
      : ((await serverContext(context).accountPages?.generation(viewer.accountId)) ?? '');
    return JSON.stringify([
      storefront.storefrontId,
      viewer.userType,
      viewer.accountId,
      viewer.homeAccountId,
      viewer.shipToAccountId,
      viewer.actsForSeveral,
      locale,
      accountPages,
    ]);
  } catch {
    // A redirect (to sign in, to the hosted login) or a failure: the render answers it for this viewer.
    return null;
  }
}

/** A browser's request for a page's document: a GET asking for HTML, not React Router's data of a page. */
function isPageDocument(request: Request, url: URL): boolean {
  return (
    request.method === 'GET' &&
    (request.headers.get('accept') ?? '').includes('text/html') &&
    !url.pathname.endsWith('.data')
  );
}
