/**
 * Signed-in browsing as buyers browse: several buyers of several accounts, each walking the category and
 * product pages their own catalogue shows them, and now and then adding a line to their cart as the product
 * page's add button posts it. One autocannon run over all of them (10 connections), so views of different
 * buyers and accounts follow each other as they would on a shared server.
 */
import autocannon from 'autocannon';
import { PERSONAL_DATA_PATH } from '../apps/storefront/app/lib/paths';
import { DEMO_PROFILES } from '../server/src/demo-users';
import { signedInBuyer } from './visitors';

/** Five buyers of three accounts of the guest storefront (README's demo users). */
export const BROWSING_BUYERS = [
  'buyer@halvorsen.example',
  'purchasing@halvorsen.example',
  'manager@halvorsen.example',
  'buyer@marlowe.example',
  'toronto@halvorsen.example',
] as const;
/** The accounts those buyers belong to (the demo's profiles are listed by account). */
export const BROWSING_ACCOUNTS = new Set(
  BROWSING_BUYERS.map(
    (username) =>
      Object.entries(DEMO_PROFILES).find(([, profiles]) =>
        profiles.some((profile) => profile.username === username),
      )?.[0],
  ),
).size;
/** One request in this many is a cart change (an added line); the rest are page views and their holes. */
export const CART_CHANGE_EVERY = 20;
/** Category and product pages each buyer walks through, in turn. */
const PAGES_PER_BUYER = 140;
/** A buyer opens a category list, then this many products of each category, then the next list. */
const PRODUCTS_BETWEEN_LISTS = 6;
/** The items a buyer adds, in turn: their cart grows to at most this many lines. */
const CART_ITEMS_PER_BUYER = 8;

export interface BrowsingBuyer {
  username: string;
  headers: Record<string, string>;
  /** The category pages (first and second page of each) and product pages this buyer's catalogue shows. */
  paths: string[];
  /** Items of those pages the buyer adds to their cart. */
  itemIds: string[];
}

const links = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1] ?? '');
const unique = (values: string[]) => [...new Set(values)];

async function page(baseUrl: string, path: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`, { headers });
  const html = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status} to a signed-in buyer`);
  return html;
}

const cartForm = (catalogItemId: string) =>
  new URLSearchParams({ intent: 'add', catalogItemId, qty: '1' }).toString();

/** The add button's form, posted from a page of this origin; the cart's answer must say the line went in. */
async function addLine(baseUrl: string, headers: Record<string, string>, catalogItemId: string) {
  const response = await fetch(`${baseUrl}/api/cart`, {
    method: 'POST',
    headers: {
      cookie: headers.cookie ?? '',
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
    },
    body: cartForm(catalogItemId),
  });
  const answer = await response.text();
  if (!response.ok || !answer.includes('"ok":true'))
    throw new Error(`Adding ${catalogItemId} to a cart answered ${response.status}: ${answer.slice(0, 200)}`);
}

/**
 * A category's first page, then one product of each category in turn, then its next page, and so on: the
 * buyer moves between lists and products, across the catalogue, the same order on every run.
 */
function walk(categoryPages: string[][], productsByCategory: string[][]): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const add = (path: string | undefined) => {
    if (path === undefined || seen.has(path)) return;
    seen.add(path);
    order.push(path);
  };
  const longest = Math.max(...productsByCategory.map((products) => products.length), 0);
  for (let index = 0; index < longest && seen.size < PAGES_PER_BUYER; index++) {
    categoryPages.forEach((pages, category) => {
      if (index % PRODUCTS_BETWEEN_LISTS === 0) add(pages[index / PRODUCTS_BETWEEN_LISTS]);
      add(productsByCategory[category]?.[index]);
    });
  }
  for (const pages of categoryPages) for (const path of pages) add(path);
  return order.slice(0, PAGES_PER_BUYER);
}

/** Signs a buyer in and reads the pages their catalogue offers them, from the home page's categories. */
async function browsingBuyer(baseUrl: string, username: string): Promise<BrowsingBuyer> {
  const headers = await signedInBuyer(baseUrl, username);
  const home = await page(baseUrl, '/', headers);
  const categories = unique(links(home, /href="(\/category\/[^"?#]+)"/g));
  const categoryPages: string[][] = [];
  const productsByCategory: string[][] = [];
  const itemIds: string[] = [];
  for (const category of categories) {
    const pages: string[] = [];
    const products: string[] = [];
    for (const path of [category, `${category}?page=2`]) {
      const html = await page(baseUrl, path, headers);
      const found = links(html, /href="(\/product\/[^"?#]+)"/g);
      if (path !== category && found.length === 0) break;
      pages.push(path);
      products.push(...found);
      itemIds.push(...links(html, /name="catalogItemId" value="([^"]+)"/g));
    }
    categoryPages.push(pages);
    productsByCategory.push(unique(products));
  }
  const paths = walk(categoryPages, productsByCategory);
  // Items from every category, not the first one's alone.
  const offered = unique(itemIds);
  const step = Math.max(1, Math.floor(offered.length / CART_ITEMS_PER_BUYER));
  const cartItems = offered.filter((_, index) => index % step === 0).slice(0, CART_ITEMS_PER_BUYER);
  if (cartItems.length === 0) throw new Error(`${username}'s category pages offer nothing to add to a cart`);
  await addLine(baseUrl, headers, cartItems[0] as string);
  return { username, headers, paths, itemIds: cartItems };
}

/** The buyers of BROWSING_BUYERS, signed in, with the pages each will browse. */
export async function browsingBuyers(baseUrl: string): Promise<BrowsingBuyer[]> {
  const buyers: BrowsingBuyer[] = [];
  for (const username of BROWSING_BUYERS) buyers.push(await browsingBuyer(baseUrl, username));
  const urls = new Set(buyers.flatMap((buyer) => buyer.paths));
  if (urls.size < 100) throw new Error(`The buyers' catalogues show only ${urls.size} pages, not 100`);
  return buyers;
}

export interface Browsed {
  /** Page views answered per second. */
  viewsPerSecond: number;
  /** Latency of the page views alone, ms. */
  p50: number;
  p99: number;
  views: number;
  cartChanges: number;
  /** Answers other than 200, cart changes refused, or failed connections. */
  errors: number;
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;

type Kind = 'view' | 'holes' | 'cart';
/** A connection's context: what its request in flight is. */
type Tagged = { kind: Kind };

/**
 * `seconds` of browsing at `connections` connections: each request is the next buyer's next page, then that
 * buyer's personal data (the browser fills the holes of a page kept for its price context from it:
 * docs/decisions/0067), and every CART_CHANGE_EVERY-th a POST to /api/cart adding one of that buyer's items (the
 * form the add button submits, from a page of this origin). A view is its page and its personal data.
 */
export async function browse(
  baseUrl: string,
  buyers: BrowsingBuyer[],
  seconds: number,
  connections: number,
): Promise<Browsed> {
  let made = 0;
  const cursors = buyers.map(() => 0);
  const latencies: number[] = [];
  let views = 0;
  let cartChanges = 0;
  let errors = 0;
  /** Set by onResponse, read by the 'response' event that autocannon emits right after it for that answer. */
  let answered: Kind = 'view';

  const options: autocannon.Options = {
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request, context) => {
          const turn = made++;
          // A page and its personal data go to the same buyer.
          const index = Math.floor(turn / 2) % buyers.length;
          const buyer = buyers[index] as BrowsingBuyer;
          const cursor = cursors[index] ?? 0;
          if (turn % 2 === 0) cursors[index] = cursor + 1;
          if (turn % 2 === 1) {
            (context as Tagged).kind = 'holes';
            return {
              ...request,
              method: 'GET',
              path: PERSONAL_DATA_PATH,
              headers: { cookie: buyer.headers.cookie ?? '', accept: 'application/json' },
            };
          }
          if (turn % CART_CHANGE_EVERY === CART_CHANGE_EVERY - 2) {
            (context as Tagged).kind = 'cart';
            const catalogItemId = buyer.itemIds[cursor % buyer.itemIds.length] ?? '';
            return {
              ...request,
              method: 'POST',
              path: '/api/cart',
              // Without accept-encoding, so the answer's ok can be read: a refused line is a failure too.
              headers: {
                cookie: buyer.headers.cookie ?? '',
                'content-type': 'application/x-www-form-urlencoded',
                'sec-fetch-site': 'same-origin',
              },
              body: cartForm(catalogItemId),
            };
          }
          (context as Tagged).kind = 'view';
          return {
            ...request,
            method: 'GET',
            path: buyer.paths[cursor % buyer.paths.length] ?? '/',
            headers: buyer.headers,
          };
        },
        onResponse: (status, body, context) => {
          answered = (context as Tagged).kind;
          if (status !== 200 || (answered === 'cart' && !body.includes('"ok":true'))) errors++;
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, finished) => (error ? reject(error) : resolve(finished)));
    instance.on('response', (_client, _status, _bytes, ms) => {
      if (answered === 'cart') {
        cartChanges++;
        return;
      }
      if (answered === 'holes') return;
      views++;
      latencies.push(ms);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    viewsPerSecond: views / (result.duration || seconds),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    views,
    cartChanges,
    errors: errors + result.errors,
  };
}
