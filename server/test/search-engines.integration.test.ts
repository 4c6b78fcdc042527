import type { CatalogItemDetail } from '@storefront/contracts';
import { productPath } from '@storefront/contracts/template-resolution';
import { accounts, catalogueItems } from '@storefront/crm/db/schema';
import { openSeededCrm, type SeededCrm, testEngines } from '@storefront/crm/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type StorefrontLoadContext,
  storefrontLoadContext,
} from '../../apps/storefront/app/lib/load-context';
import { routeContext } from './route-context';
import { sitemapSchemaErrors } from './sitemap-schema';

/** The route modules, loaded as React Router loads them (by URL: this package's type check skips the app). */
type Handler = (args: unknown) => Promise<unknown>;
const load = async (path: string) =>
  (await import(new URL(`../../apps/storefront/app/${path}`, import.meta.url).href)) as { loader: Handler };
const robots = await load('features/search-engines/robots.ts');
const sitemap = await load('features/search-engines/sitemap.ts');
const templatePage = await load('routes/template-page.tsx');
const { sitemapIndex, urlSet } = await import(
  '../../apps/storefront/app/features/search-engines/sitemap-xml'
);

const GUEST_HOST = 'localhost';
const SIGN_IN_ONLY_HOST = '127.0.0.1';

/** The content pages of the demo a guest can open: home, about and the landing pages with friendly URLs. */
const CONTENT_PAGES = [
  '/',
  '/about',
  '/flow-cytometry',
  '/flow_consumables',
  '/imaging_consumables',
  '/genomics_consumables',
  '/genomics_service',
];

/** schema.org's required and recommended properties of what a product page says, as search engines read it. */
const offerSchema = z.object({
  '@type': z.literal('Offer'),
  price: z.number().positive(),
  priceCurrency: z.string().length(3),
  availability: z.url(),
  url: z.url(),
});
const aggregateOfferSchema = z.object({
  '@type': z.literal('AggregateOffer'),
  lowPrice: z.number().positive(),
  highPrice: z.number().positive(),
  offerCount: z.number().int().min(2),
  priceCurrency: z.string().length(3),
  availability: z.url(),
  url: z.url(),
});
const productSchema = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: z.string().min(1),
  sku: z.string().min(1),
  description: z.string().min(1),
  image: z.array(z.url()).min(1),
  url: z.url(),
  offers: z.discriminatedUnion('@type', [offerSchema, aggregateOfferSchema]),
});
const breadcrumbSchema = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(
      z.object({ '@type': z.literal('ListItem'), position: z.number(), name: z.string(), item: z.url() }),
    )
    .min(2),
});

interface Head {
  canonical: string;
  robots: string;
  structuredData: Record<string, unknown>[];
}
interface PageData {
  head: Head;
  sections: { blocks: { componentName: string; state: { data?: { item?: CatalogItemDetail } } }[] }[];
}

describe.each(await testEngines())('what search engines read on $name', (engine) => {
  let crm: SeededCrm;
  let context: StorefrontLoadContext;

  function args(host: string, path: string, params: Record<string, string> = {}, over = context) {
    const request = new Request(`http://${host}${path}`);
    return { request, url: new URL(request.url), params, context: storefrontLoadContext(over) };
  }

  async function text(module: { loader: Handler }, host: string, path: string, params = {}, over = context) {
    const response = (await module.loader(args(host, path, params, over))) as Response;
    return { status: response.status, headers: response.headers, body: await response.text() };
  }

  /** A page as a first-time guest gets it: the template page loader's data (unwrapped from its headers). */
  async function guestPage(path: string, params: Record<string, string>): Promise<PageData> {
    const loaded = (await templatePage.loader(args(GUEST_HOST, path, params))) as { data?: PageData };
    return (loaded.data ?? loaded) as PageData;
  }

  /** Every product of the guest's catalogue, as the catalogue listing shows it to a guest. */
  async function guestCatalogue(): Promise<string[]> {
    const paths: string[] = [];
    for (let page = 1; ; page++) {
      const { body } = await crm.post('retrieveCatalogNG', {
        storefrontId: crm.ids.storefrontA,
        accountId: crm.ids.guest,
        page,
        pageSize: 200,
      });
      paths.push(...body.items.map(productPath));
      if (page * 200 >= body.totalCount) return paths;
    }
  }

  beforeAll(async () => {
    crm = await openSeededCrm(engine);
    context = routeContext(crm);
    // A product only Halvorsen's own catalogue has: a guest never sees it.
    const { db } = crm.database;
    const [halvorsen] = await db.select().from(accounts).where(eq(accounts.id, crm.ids.halvorsen));
    const [model] = halvorsen?.catalogueId
      ? await db.select().from(catalogueItems).where(eq(catalogueItems.catalogueId, halvorsen.catalogueId))
      : [];
    if (!model) throw new Error('The demo gives Halvorsen no catalogue of its own.');
    await db.insert(catalogueItems).values({
      ...model,
      id: 'a0IHALV0000ONLYAAA',
      sku: 'HRI-ONLY-0001',
      slug: 'halvorsen-only-sorting-buffer',
      name: 'Halvorsen-only sorting buffer',
    });
  });
  afterAll(() => crm.close());

  it('lists exactly the pages a first-time guest can see, valid against the sitemaps.org schema', async () => {
    const answer = await text(sitemap, GUEST_HOST, '/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(answer.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(await sitemapSchemaErrors(answer.body, 'urlset')).toEqual([]);

    const listed = [...answer.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc ?? '');
    expect(new Set(listed).size).toBe(listed.length);
    const paths = listed.map((loc) => {
      expect(loc.startsWith(`http://${GUEST_HOST}/`)).toBe(true);
      return loc.slice(`http://${GUEST_HOST}`.length);
    });
    const { body: catalogue } = await crm.post('getEcatalogDetails', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
    });
    const expected = [
      ...CONTENT_PAGES,
      ...catalogue.categories.map((category) => `/category/${category.slug}`),
      ...(await guestCatalogue()),
    ];
    expect([...paths].sort()).toEqual([...expected].sort());
    const { body: halvorsenOnly } = await crm.post('retrieveCatalogNG', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.halvorsen,
      searchText: 'Halvorsen-only',
    });
    expect(halvorsenOnly.totalCount).toBe(1);
    expect(paths.some((path) => path.includes('halvorsen-only'))).toBe(false);
    for (const personal of ['/cart', '/checkout', '/express-checkout', '/account', '/quotes', '/support']) {
      expect(paths).not.toContain(personal);
    }
  });

  it('lists pages a guest opens with their own canonical URL, indexable', async () => {
    const answer = await text(sitemap, GUEST_HOST, '/sitemap.xml');
    const listed = [...answer.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc ?? '');
    const product = listed.find((loc) => loc.includes('/product/')) ?? '';
    const category = listed.find((loc) => loc.includes('/category/')) ?? '';
    const [, productTemplateId = '', productId = ''] = /\/product\/([^/]+)\/([^/]+)$/.exec(product) ?? [];
    const samples: { loc: string; params: Record<string, string> }[] = [
      { loc: `http://${GUEST_HOST}/`, params: {} },
      { loc: `http://${GUEST_HOST}/about`, params: { page: 'about' } },
      { loc: category, params: { id: category.split('/').at(-1) ?? '' } },
      { loc: product, params: { productTemplateId, productId } },
    ];
    for (const { loc, params } of samples) {
      // Sort and filters in the query show the same products: the canonical URL leaves them out.
      const page = await guestPage(`${new URL(loc).pathname}?sort=name&Brand=NovaFlow`, params);
      expect(page.head.canonical).toBe(loc);
      expect(page.head.robots).not.toMatch(/noindex/);
    }
  });

  it('has no sitemap and closes everything in robots.txt on a sign-in-only storefront', async () => {
    expect((await text(sitemap, SIGN_IN_ONLY_HOST, '/sitemap.xml')).status).toBe(404);
    const robotsTxt = await text(robots, SIGN_IN_ONLY_HOST, '/robots.txt');
    expect(robotsTxt.status).toBe(200);
    expect(robotsTxt.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it("opens a guest storefront's catalogue to crawlers, closes its buyers' pages and names its sitemap", async () => {
    const answer = await text(robots, GUEST_HOST, '/robots.txt');
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = answer.body.split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const closed of ['/api/', '/billing', '/cart', '/checkout', '/login', '/graphql', '/account$']) {
      expect(lines).toContain(`Disallow: ${closed}`);
    }
    expect(lines).toContain('Disallow: /express-checkout$');
    expect(lines.some((line) => /^Disallow: \/(category|product|about)/.test(line))).toBe(false);
    expect(lines).toContain(`Sitemap: http://${GUEST_HOST}/sitemap.xml`);
    // Behind a TLS proxy the server trusts, the request URL says http but the browser used https.
    const overHttps = await text(robots, GUEST_HOST, '/robots.txt', {}, { ...context, overHttps: true });
    expect(overHttps.body).toContain(`Sitemap: https://${GUEST_HOST}/sitemap.xml`);
  });

  it("describes a product page's product at the tier prices the page shows, with its breadcrumb trail", async () => {
    const { body: listing } = await crm.post('retrieveCatalogNG', {
      storefrontId: crm.ids.storefrontA,
      accountId: crm.ids.guest,
      pageSize: 200,
    });
    const tiered = listing.items.find((item) => item.hasTiers);
    const single = listing.items.find((item) => !item.hasTiers);
    if (!tiered || !single) throw new Error('The demo catalogue needs products with and without tiers.');

    for (const card of [tiered, single]) {
      const path = productPath(card);
      const page = await guestPage(path, { productTemplateId: card.productTemplateId, productId: card.slug });
      const shown = page.sections
        .flatMap((section) => section.blocks)
        .find((block) => block.componentName === 'productDetail')?.state.data?.item;
      if (!shown) throw new Error(`${path} shows no product.`);
      const [productData, trailData] = page.head.structuredData;
      const product = productSchema.parse(productData);
      expect(product).toMatchObject({ name: shown.name, sku: shown.sku, url: `http://${GUEST_HOST}${path}` });
      const prices = shown.tiers.map((tier) => tier.price);
      if (prices.length > 1) {
        expect(product.offers).toEqual({
          '@type': 'AggregateOffer',
          lowPrice: Math.min(...prices),
          highPrice: Math.max(...prices),
          offerCount: prices.length,
          priceCurrency: shown.currency,
          availability: 'https://schema.org/InStock',
          url: product.url,
        });
      } else {
        expect(product.offers).toMatchObject({ '@type': 'Offer', price: prices[0] ?? shown.price });
      }
      const trail = breadcrumbSchema.parse(trailData).itemListElement;
      expect(trail.map((crumb) => crumb.position)).toEqual([1, 2, 3]);
      expect(trail.map((crumb) => crumb.name)).toEqual(['Home', shown.category.name, shown.name]);
      expect(trail.at(-1)?.item).toBe(page.head.canonical);
    }
  });

  it("gives a category page its breadcrumb trail and keeps a buyer's own pages out of indexes", async () => {
    const category = await guestPage('/category/instruments', { id: 'instruments' });
    const trail = breadcrumbSchema.parse(category.head.structuredData[0]).itemListElement;
    expect(trail.map(({ position, item }) => [position, item])).toEqual([
      [1, `http://${GUEST_HOST}/`],
      [2, `http://${GUEST_HOST}/category/instruments`],
    ]);
    for (const [path, params] of [
      ['/cart', {}],
      ['/checkout', {}],
      ['/express-checkout', { page: 'express-checkout' }],
    ] as const) {
      expect((await guestPage(path, params)).head.robots).toBe('noindex, nofollow');
    }
  });

  it('splits more pages than one sitemap file holds into files named by a sitemap index', async () => {
    const urls = Array.from({ length: 50_001 }, (_, index) => `https://shop.example/product/t/item-${index}`);
    expect(await sitemapSchemaErrors(urlSet(urls.slice(0, 50_000)), 'urlset')).toEqual([]);
    const index = sitemapIndex([
      'https://shop.example/sitemaps/1.xml',
      'https://shop.example/sitemaps/2.xml',
    ]);
    expect(await sitemapSchemaErrors(index, 'index')).toEqual([]);
    // Text that means something in XML is escaped, so the file stays valid.
    expect(await sitemapSchemaErrors(urlSet(['https://shop.example/search?a=1&b=<2>']), 'urlset')).toEqual(
      [],
    );
    expect(await sitemapSchemaErrors(urlSet([]), 'urlset')).not.toEqual([]);
  });
});
