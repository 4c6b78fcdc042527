import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzip, gzip } from 'node:zlib';
import { SHAREABLE_PAGE_HEADER } from '@storefront/contracts';
import type { Cache } from '@storefront/shared-state';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);

/** One stored page: compressed once when stored, served as is; bodies in base64 so Redis can hold them. */
export interface StoredPage {
  status: number;
  headers: [string, string][];
  gzip: string;
  br: string;
}

/**
 * What the cache keeps under a key: a page, or the word that this page in this context is a viewer's own (a
 * cart, an order), so the next request for it is rendered for its viewer at once.
 */
export type CachedPage = StoredPage | { ownPage: true };

export interface PageCacheOptions {
  store: Cache<CachedPage>;
  ttlMs: number;
  /**
   * The Content-Security-Policy of a stored document whose inline scripts have these hashes: a stored page is
   * served to many visitors, so it cannot carry one request's nonce.
   */
  documentPolicy: (request: Request, scriptSources: string[]) => Promise<string>;
  /**
   * What the host's pages are made from now (its storefront catalogue's generation): part of the key, so a
   * page kept before a catalogue import is never served after it, on any instance. None: always the same.
   */
  generation?: (request: Request) => Promise<string>;
}

/**
 * The price context of a request with cookies (a signed-in buyer, a returning guest): everything that changes
 * what a page shows them apart from their personal parts, as the web build decides it; null when the page is
 * theirs alone.
 */
export type SharingContext = () => Promise<string | null>;

/**
 * A render of a page. `whole`: finish every deferred read before answering (the page will be stored). `shared`:
 * render it as every viewer of the request's price context sees it, its personal parts left as holes that
 * the browser fills (docs/decisions/0067-page-cache-by-price-context.md).
 */
export type PageRender = (options: { whole: boolean; shared?: boolean }) => Promise<Response>;

/**
 * Brotli's quality for a stored page: a 27 KB product page takes 0.6 ms at 5 and 10 ms at 9 for 1 % fewer bytes
 * (6.6 against 6.5 KB). A page kept for one account's few buyers is stored about as often as it is served.
 */
const STORED_BROTLI_QUALITY = 5;

/** Accept-Language values beyond this length are not worth a cache entry of their own. */
const MAX_LANGUAGE_HEADER = 100;
const HTML = /^text\/html/i;

/**
 * The full-page cache. Pages for visitors without cookies (first-time guests, crawlers, link previews) are
 * kept whole and public (docs/decisions/0044-guest-page-cache.md). Pages for visitors with cookies (signed-in
 * buyers, returning guests) are kept by price context, rendered with holes for their personal parts and
 * private to the browser (docs/decisions/0067-page-cache-by-price-context.md). Any answer a route does not mark
 * shareable goes through untouched.
 */
export function createPageCache(options: PageCacheOptions) {
  const { store, ttlMs } = options;
  /** Pages being rendered for the cache: visitors asking for one at the same time wait for one render. */
  const rendering = new Map<string, Promise<CachedPage | null>>();
  const guestCacheControl = `public, max-age=0, s-maxage=${Math.floor(ttlMs / 1000)}`;
  // A page by price context shows an account's prices: no shared cache may keep it, the browser asks again.
  const contextCacheControl = 'private, no-cache';

  async function renderToStore(
    request: Request,
    key: string,
    render: PageRender,
    shared: boolean,
  ): Promise<Response> {
    let settle: (page: CachedPage | null) => void = () => {};
    rendering.set(key, new Promise((resolve) => (settle = resolve)));
    let page: CachedPage | null = null;
    try {
      const response = await render({ whole: true, shared });
      if (!isShareable(response)) {
        // Only a page that is the viewer's own by its kind is remembered so; a failure may pass.
        if (shared && isOwnPage(response)) {
          page = { ownPage: true };
          await store.set(key, page).catch(() => {});
        }
        return withoutShareMark(response);
      }
      const cacheControl = shared ? contextCacheControl : guestCacheControl;
      page = await storedPage(request, response, cacheControl, options.documentPolicy);
      await store.set(key, page).catch(() => {});
      return pageResponse(page, request, 'miss');
    } finally {
      rendering.delete(key);
      settle(page);
    }
  }

  /** The key of a request the cache may answer, and whether its page is rendered by price context. */
  async function keyOf(
    request: Request,
    variant: string,
    sharingContext: SharingContext | undefined,
  ): Promise<{ key: string; shared: boolean } | null> {
    if (ttlMs <= 0 || !mayBeCached(request)) return null;
    const withCookies = request.headers.has('cookie');
    const context = withCookies ? ((await sharingContext?.()) ?? null) : '';
    if (context === null) return null;
    const generation = (await options.generation?.(request)) ?? '';
    return { key: pageKey(request, [variant, generation, context].join('\n')), shared: withCookies };
  }

  return {
    /**
     * `variant`: what else the page depends on that the request URL does not say (http or https). Without a
     * `sharingContext`, a request with cookies is always rendered for its viewer.
     */
    async serve(
      request: Request,
      variant: string,
      render: PageRender,
      sharingContext?: SharingContext,
    ): Promise<Response> {
      const cacheable = await keyOf(request, variant, sharingContext);
      if (!cacheable) return withoutShareMark(await render({ whole: false }));
      const { key, shared } = cacheable;
      const stored = await store.get(key).catch(() => undefined);
      if (stored) return storedResponse(stored, request, render);
      const waiting = rendering.get(key);
      if (!waiting) return renderToStore(request, key, render, shared);
      const page = await waiting;
      // A page that turned out not shareable (or failed) is rendered for each waiting visitor on their own.
      if (page) return storedResponse(page, request, render);
      return withoutShareMark(await render({ whole: false }));
    },
  };
}

/** A stored page as the visitor accepts it; a page that is its viewer's own, rendered for them. */
async function storedResponse(page: CachedPage, request: Request, render: PageRender): Promise<Response> {
  if ('ownPage' in page) return withoutShareMark(await render({ whole: false }));
  return pageResponse(page, request, 'hit');
}

/**
 * A request the cache may answer: a GET without an Authorization header (an API client's, never a page's),
 * in a language worth an entry. Cookies decide how, not whether.
 */
function mayBeCached(request: Request): boolean {
  if (request.method !== 'GET' || request.headers.has('authorization')) return false;
  return (request.headers.get('accept-language') ?? '').length <= MAX_LANGUAGE_HEADER;
}

/** The cache key of a request that may be answered from the cache. */
function pageKey(request: Request, variant: string): string {
  const language = request.headers.get('accept-language') ?? '';
  return createHash('sha256')
    .update([variant, request.url, request.headers.get('host') ?? '', language.toLowerCase()].join('\n'))
    .digest('base64url');
}

function isShareable(response: Response): boolean {
  return (
    response.status === 200 &&
    response.headers.get(SHAREABLE_PAGE_HEADER) === 'true' &&
    !response.headers.has('set-cookie')
  );
}

/** A page its route said is the viewer's own (SHAREABLE_PAGE_HEADER false), or any other 200 answer. */
function isOwnPage(response: Response): boolean {
  return response.status === 200 && response.headers.get(SHAREABLE_PAGE_HEADER) !== 'true';
}

function withoutShareMark(response: Response): Response {
  if (!response.headers.has(SHAREABLE_PAGE_HEADER)) return response;
  const copy = new Response(response.body, response);
  copy.headers.delete(SHAREABLE_PAGE_HEADER);
  return copy;
}

async function storedPage(
  request: Request,
  response: Response,
  cacheControl: string,
  documentPolicy: PageCacheOptions['documentPolicy'],
): Promise<StoredPage> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.delete(SHAREABLE_PAGE_HEADER);
  headers.delete('content-length');
  // A route that says how long others may keep its answer (a sitemap) keeps its word; pages get the cache's.
  if (!headers.has('cache-control')) headers.set('cache-control', cacheControl);
  headers.set('vary', 'Accept-Encoding, Accept-Language, Cookie');
  const type = headers.get('content-type') ?? '';
  if (HTML.test(type)) {
    headers.set('content-security-policy', await documentPolicy(request, inlineScriptHashes(body)));
  }
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: STORED_BROTLI_QUALITY } }),
  ]);
  return {
    status: response.status,
    headers: [...headers.entries()],
    gzip: gzipped.toString('base64'),
    br: brotli.toString('base64'),
  };
}

/**
 * CSP sources for the page's inline scripts: each one's SHA-256, as the policy's hash-source syntax has it.
 * Data blocks (JSON-LD) are never run, so they need no hash.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  for (const match of html.toString('utf8').matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', content = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || content === '' || isDataBlock(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** A script element whose type is not JavaScript (a module or a JavaScript MIME type) holds data. */
function isDataBlock(attributes: string): boolean {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return (
    type !== undefined && type !== 'module' && !/^(text|application)\/(x-)?(java|ecma)script$/.test(type)
  );
}

/** A stored page in the encoding the visitor accepts (brotli, gzip, else decompressed). */
async function pageResponse(page: StoredPage, request: Request, cache: 'hit' | 'miss'): Promise<Response> {
  const accepted = request.headers.get('accept-encoding') ?? '';
  const headers = new Headers(page.headers);
  headers.set('x-page-cache', cache);
  let body: Buffer;
  if (/\bbr\b/.test(accepted)) {
    body = Buffer.from(page.br, 'base64');
    headers.set('content-encoding', 'br');
  } else if (/\bgzip\b/.test(accepted)) {
    body = Buffer.from(page.gzip, 'base64');
    headers.set('content-encoding', 'gzip');
  } else {
    body = await gunzipAsync(Buffer.from(page.gzip, 'base64'));
  }
  return new Response(new Uint8Array(body), { status: page.status, headers });
}
