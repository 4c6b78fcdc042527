import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { SHAREABLE_PAGE_HEADER } from '@storefront/contracts';
import { memoryCache } from '@storefront/shared-state';
import { describe, expect, it } from 'vitest';
import { type CachedPage, createPageCache, inlineScriptHashes, type PageRender } from '../src/page-cache';

const SCRIPT = 'window.__context = {"page":1};';
const PAGE = `<!DOCTYPE html><html><head><script nonce="abc">${SCRIPT}</script><script src="/assets/entry.js"></script></head><body>Cell sorter</body></html>`;

function pageCache(ttlMs = 30_000) {
  return createPageCache({
    store: memoryCache<CachedPage>({ ttlMs, maxEntries: 10 }),
    ttlMs,
    documentPolicy: async (_request, sources) => `script-src 'self' ${sources.join(' ')}`,
  });
}

/** A render of the page counting its calls; `headers` are what the route answered. */
function renderer(headers: Record<string, string> = { [SHAREABLE_PAGE_HEADER]: 'true' }) {
  const calls: { whole: boolean }[] = [];
  const render: PageRender = async (options) => {
    calls.push(options);
    // Another visitor's request can arrive while this one renders.
    await new Promise((resolve) => setTimeout(resolve, 5));
    return new Response(PAGE, { headers: { 'content-type': 'text/html', ...headers } });
  };
  return { render, calls };
}

const get = (headers: Record<string, string> = {}) =>
  new Request('http://store.example/product/a1/cell-sorter', {
    headers: { 'accept-encoding': 'gzip', ...headers },
  });

describe('the guest page cache', () => {
  it('renders a shareable page once, whole, and answers the next visitors without cookies from the store', async () => {
    const cache = pageCache();
    const { render, calls } = renderer();
    const first = await cache.serve(get(), 'http', render);
    const second = await cache.serve(get(), 'http', render);
    expect(calls).toEqual([{ whole: true, shared: false }]);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(second.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await second.arrayBuffer())).toString()).toBe(PAGE);
    expect(second.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30');
    expect(second.headers.get(SHAREABLE_PAGE_HEADER)).toBeNull();
  });

  it('renders the page again once its storefront catalogue moved on to another generation', async () => {
    let generation = '0';
    const cache = createPageCache({
      store: memoryCache<CachedPage>({ ttlMs: 30_000, maxEntries: 10 }),
      ttlMs: 30_000,
      documentPolicy: async () => "script-src 'self'",
      generation: async () => generation,
    });
    const { render, calls } = renderer();
    await cache.serve(get(), 'http', render);
    expect((await cache.serve(get(), 'http', render)).headers.get('x-page-cache')).toBe('hit');
    generation = 'moved-on';
    expect((await cache.serve(get(), 'http', render)).headers.get('x-page-cache')).toBe('miss');
    expect(calls).toHaveLength(2);
  });

  it('keeps the Cache-Control of a route that says how long others may keep its answer', async () => {
    const cache = pageCache();
    const { render } = renderer({ [SHAREABLE_PAGE_HEADER]: 'true', 'cache-control': 'public, max-age=3600' });
    await cache.serve(get(), 'http', render);
    const stored = await cache.serve(get(), 'http', render);
    expect(stored.headers.get('x-page-cache')).toBe('hit');
    expect(stored.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('lets the stored page run its own inline scripts by hash, not by the first visitor’s nonce', async () => {
    const cache = pageCache();
    const response = await cache.serve(get(), 'http', renderer().render);
    const hash = createHash('sha256').update(SCRIPT).digest('base64');
    expect(response.headers.get('content-security-policy')).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('has visitors asking for the same page at once wait for one render', async () => {
    const cache = pageCache();
    const { render, calls } = renderer();
    const answers = await Promise.all([1, 2, 3].map(() => cache.serve(get(), 'http', render)));
    expect(calls).toHaveLength(1);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it('never answers a visitor with cookies or a token from the store, nor stores their page', async () => {
    const cache = pageCache();
    const { render, calls } = renderer();
    const signedIn = await cache.serve(get({ cookie: 'sf_guest_cart=abc' }), 'http', render);
    await cache.serve(get({ authorization: 'Bearer x.y.z' }), 'http', render);
    expect(signedIn.headers.get('x-page-cache')).toBeNull();
    expect(signedIn.headers.get(SHAREABLE_PAGE_HEADER)).toBeNull();
    expect(calls).toEqual([{ whole: false }, { whole: false }]);
    expect((await cache.serve(get(), 'http', render)).headers.get('x-page-cache')).toBe('miss');
  });

  it('stores nothing a route did not mark shareable, nor an answer that sets a cookie', async () => {
    const cache = pageCache();
    const answers: Record<string, string>[] = [
      {},
      { [SHAREABLE_PAGE_HEADER]: 'true', 'set-cookie': 'sf_guest_cart=abc' },
    ];
    for (const headers of answers) {
      const { render, calls } = renderer(headers);
      await cache.serve(get(), 'http', render);
      const again = await cache.serve(get(), 'http', render);
      expect(again.headers.get('x-page-cache')).toBeNull();
      expect(calls).toHaveLength(2);
    }
  });

  it('keeps pages apart by language and by http or https', async () => {
    const cache = pageCache();
    const { render, calls } = renderer();
    await cache.serve(get({ 'accept-language': 'de-DE' }), 'http', render);
    await cache.serve(get({ 'accept-language': 'en-US' }), 'http', render);
    await cache.serve(get({ 'accept-language': 'en-US' }), 'https', render);
    expect(calls).toHaveLength(3);
  });

  it('keeps nothing when its time to live is 0', async () => {
    const cache = pageCache(0);
    const { render, calls } = renderer();
    await cache.serve(get(), 'http', render);
    await cache.serve(get(), 'http', render);
    expect(calls).toEqual([{ whole: false }, { whole: false }]);
  });

  it('sends a visitor who accepts no compression the page as it was rendered', async () => {
    const cache = pageCache();
    await cache.serve(get(), 'http', renderer().render);
    const plain = await cache.serve(get({ 'accept-encoding': 'identity' }), 'http', renderer().render);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(PAGE);
  });
});

describe('pages kept by price context', () => {
  /** Buyers with cookies, and the price context the web build gives each of them. */
  const context = (of: string | null) => async () => of;
  const halvorsen = context('halvorsen:list-price:en-US');
  const marlowe = context('marlowe:contract-prices:en-US');
  const buyer = (name: string) => get({ cookie: `session=${name}` });

  it('renders a page once for the context, with holes, and shows it to every buyer of that context, privately', async () => {
    const cache = pageCache();
    const { render, calls } = renderer();
    const first = await cache.serve(buyer('ana'), 'http', render, halvorsen);
    const second = await cache.serve(buyer('sofie'), 'http', render, halvorsen);
    expect(calls).toEqual([{ whole: true, shared: true }]);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(gunzipSync(Buffer.from(await second.arrayBuffer())).toString()).toBe(PAGE);
    // It carries an account's prices: no shared cache on the way may keep it.
    expect(second.headers.get('cache-control')).toBe('private, no-cache');
    expect(second.headers.get('vary')).toContain('Cookie');
  });

  it('never shows one context’s page to another, nor to a guest without cookies', async () => {
    const cache = pageCache();
    const { render, calls } = renderer();
    await cache.serve(buyer('ana'), 'http', render, halvorsen);
    const other = await cache.serve(buyer('lena'), 'http', render, marlowe);
    const guest = await cache.serve(get(), 'http', render);
    expect(other.headers.get('x-page-cache')).toBe('miss');
    expect(guest.headers.get('x-page-cache')).toBe('miss');
    expect(calls).toEqual([
      { whole: true, shared: true },
      { whole: true, shared: true },
      { whole: true, shared: false },
    ]);
  });

  it('renders a page that is the viewer’s own for them, and after its first render at once so', async () => {
    const cache = pageCache();
    const { render, calls } = renderer({ [SHAREABLE_PAGE_HEADER]: 'false' });
    const first = await cache.serve(buyer('ana'), 'http', render, halvorsen);
    const second = await cache.serve(buyer('sofie'), 'http', render, halvorsen);
    expect(first.headers.get('x-page-cache')).toBeNull();
    expect(second.headers.get('x-page-cache')).toBeNull();
    expect(second.headers.get(SHAREABLE_PAGE_HEADER)).toBeNull();
    expect(calls).toEqual([{ whole: true, shared: true }, { whole: false }]);
  });

  it('renders for the viewer when their request has no context, or the context is unknown', async () => {
    const cache = pageCache();
    const { render, calls } = renderer();
    await cache.serve(buyer('ana'), 'http', render, context(null));
    await cache.serve(buyer('ana'), 'http', render);
    expect(calls).toEqual([{ whole: false }, { whole: false }]);
  });

  it('renders a failed render again for the next buyer rather than remembering it', async () => {
    const cache = pageCache();
    const { render, calls } = renderer();
    const failing: PageRender = async (options) => {
      calls.push(options);
      return new Response('Try again', { status: 503 });
    };
    await cache.serve(buyer('ana'), 'http', failing, halvorsen);
    const next = await cache.serve(buyer('sofie'), 'http', render, halvorsen);
    expect(next.headers.get('x-page-cache')).toBe('miss');
    expect(calls).toEqual([
      { whole: true, shared: true },
      { whole: true, shared: true },
    ]);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes each inline script once and skips scripts loaded from a file', () => {
    const html = Buffer.from(
      `${PAGE}<script>${SCRIPT}</script><script type="module">import "/a.js";</script>`,
    );
    expect(inlineScriptHashes(html)).toHaveLength(2);
  });

  it('needs no hash for a JSON-LD data block, which the browser never runs', () => {
    const data = '<script type="application/ld+json">{"@type":"Product"}</script>';
    const withData = inlineScriptHashes(Buffer.from(PAGE.replace('</head>', `${data}</head>`)));
    expect(withData).toEqual(inlineScriptHashes(Buffer.from(PAGE)));
    expect(withData).toHaveLength(1);
  });
});
