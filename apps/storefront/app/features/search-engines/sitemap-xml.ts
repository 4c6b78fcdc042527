/** The sitemaps.org protocol's limit of URLs in one sitemap file (and of sitemaps in one index). */
export const SITEMAP_URL_LIMIT = 50_000;

/** Where a storefront's sitemap is; above the limit it is an index of the parts' files. */
export const SITEMAP_PATH = '/sitemap.xml';

/** Part `part` (from 1) of a sitemap split into files. */
export function sitemapPartPath(part: number): string {
  return `/sitemaps/${part}.xml`;
}

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A sitemap (urlset) of absolute page URLs. */
export function urlSet(urls: readonly string[]): string {
  const entries = urls.map((url) => `<url><loc>${escapeXml(url)}</loc></url>\n`).join('');
  return `${DECLARATION}<urlset xmlns="${NAMESPACE}">\n${entries}</urlset>\n`;
}

/** A sitemap index naming the sitemap files by their absolute URLs. */
export function sitemapIndex(sitemapUrls: readonly string[]): string {
  const entries = sitemapUrls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>\n`).join('');
  return `${DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${entries}</sitemapindex>\n`;
}

/** The part of `urls` that sitemap file `part` (from 1) lists; empty past the last. */
export function sitemapPart<T>(urls: readonly T[], part: number): T[] {
  return urls.slice((part - 1) * SITEMAP_URL_LIMIT, part * SITEMAP_URL_LIMIT);
}

/** How many sitemap files `count` URLs need. */
export function sitemapPartCount(count: number): number {
  return Math.max(1, Math.ceil(count / SITEMAP_URL_LIMIT));
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ENTITIES[character] ?? character);
}
