/**
 * The app's own paths that are one buyer's (account, cart, checkout, ordering, support cases) or answer
 * programs (the gateway, the APIs, the embedded services): nothing there for a crawler.
 */
const PRIVATE_PATH_PREFIXES = [
  '/_bare',
  '/api/',
  '/billing',
  '/cart',
  '/changePassword',
  '/checkout',
  '/configurator',
  '/cpq',
  '/elearning',
  '/graphql',
  '/guidance',
  '/identity',
  '/login',
  '/metrics',
  '/operations/',
  '/payments/',
  '/services/',
  '/signon',
  '/support',
  '/tax/',
  '/uploadoptions',
  '/viewInvoice',
] as const;

/**
 * robots.txt of a storefront guests may browse: the catalogue and content open to every crawler; the app's
 * private paths and the CMS's personal pages (each exactly, `$`-anchored as RFC 9309 allows, so '/quote'
 * does not also close '/quotes-guide') closed; and where the sitemap is.
 */
export function guestRobotsTxt(sitemapUrl: string, personalPaths: readonly string[]): string {
  const uncovered = personalPaths.filter(
    (path) => !PRIVATE_PATH_PREFIXES.some((prefix) => path.startsWith(prefix)),
  );
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    ...uncovered.map((path) => `Disallow: ${path}$`),
    '',
    `Sitemap: ${sitemapUrl}`,
    '',
  ].join('\n');
}

/** robots.txt of a storefront only signed-in buyers use: nothing to crawl, no sitemap. */
export const SIGN_IN_ONLY_ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';
