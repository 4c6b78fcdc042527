import { expect, type Page, test } from '@playwright/test';
import { sitemapSchemaErrors } from '../server/test/sitemap-schema';

/** Errors the browser reports on the page's console (a refused script shows here). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** The sign-in-only demo storefront: the same server, reached by another host name. */
const signInOnly = (baseURL: string) => baseURL.replace('localhost', '127.0.0.1');

test('search engines find the guest storefront through robots.txt and a valid sitemap; the sign-in-only one is closed', async ({
  request,
  baseURL,
}) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('User-agent: *\nAllow: /\n');
  expect(robots).toContain('Disallow: /checkout\n');
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await sitemap.text();
  expect(await sitemapSchemaErrors(xml, 'urlset')).toEqual([]);
  expect(xml).toContain(`<loc>${baseURL}/</loc>`);
  expect(xml).toMatch(/<loc>[^<]+\/product\/[^<]+<\/loc>/);

  const closed = signInOnly(baseURL ?? '');
  expect(await (await request.get(`${closed}/robots.txt`)).text()).toBe('User-agent: *\nDisallow: /\n');
  expect((await request.get(`${closed}/sitemap.xml`)).status()).toBe(404);
});

test('a product page tells search engines and link previews what it shows, under its stored page policy', async ({
  page,
  request,
}) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const url = /<loc>([^<]+\/product\/[^<]+-kit)<\/loc>/.exec(xml)?.[1];
  if (!url) throw new Error('The sitemap lists no kit.');
  const errors = consoleErrors(page);

  // First with a sort in the query: the canonical URL is the product's own.
  for (const visit of [`${url}?sort=name`, url]) {
    await page.goto(visit);
    const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    const head = page.locator('head');
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', url);
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', name);
    await expect(head.locator('meta[name="twitter:title"]')).toHaveAttribute('content', name);
    for (const tag of ['og:description', 'og:type', 'og:site_name']) {
      await expect(head.locator(`meta[property="${tag}"]`)).toHaveAttribute('content', /./);
    }
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http:\/\//);
    await expect(head.locator('meta[name="twitter:image"]')).toHaveAttribute('content', /^http:\/\//);
    for (const tag of ['twitter:card', 'twitter:site', 'twitter:description']) {
      await expect(head.locator(`meta[name="${tag}"]`)).toHaveAttribute('content', /./);
    }
    await expect(head.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');

    const blocks = await head
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? 'null')));
    const product = blocks.find((block) => block['@type'] === 'Product');
    expect(product).toMatchObject({ name, url, offers: { priceCurrency: 'USD' } });
    const trail = blocks.find((block) => block['@type'] === 'BreadcrumbList');
    expect(trail.itemListElement.map((crumb: { position: number }) => crumb.position)).toEqual([1, 2, 3]);
  }
  // The page hydrated and ran its scripts under the policy, the stored page's hashes included.
  await expect(page.getByRole('button', { name: /add to cart/i }).first()).toBeEnabled();
  expect(errors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
});
