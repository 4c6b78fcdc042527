/**
 * Memory under long mixed traffic: `npm run bench:soak` (after `npm run build`), run on demand, not in CI.
 * Guests browse (home, category, product pages) and fill carts, signed-in buyers read pages, add lines and
 * check out (address, shipping, tax, PO number, order details, the order placed), buyers sign in, against the compiled server on PGlite and on PostgreSQL. Every minute it prints the
 * server's RSS (/proc/<pid>/status), its V8 heap and PGlite's WebAssembly memory (GET /operations/memory),
 * and at the end the least-squares slope of RSS over the last 10 minutes (docs/decisions/0047).
 *
 * SOAK_MINUTES (30), SOAK_ENGINE (pglite | postgres | both), SOAK_WORKERS (4 concurrent visitors),
 * SOAK_DATABASE_URL (an admin URL where a database of its own is made: TEST_DATABASE_URL's default), BENCH_PORT,
 * OPERATIONS_TOKEN (the server's, so that another tool can watch /operations/memory meanwhile; else a random one).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import { type BenchServer, startBenchServer } from './server';
import { BROWSER_HEADERS, signedInBuyer } from './visitors';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const ADMIN_URL =
  process.env.SOAK_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const SAMPLE_MS = 60_000;
/** The targets judge the plateau over this many final minutes (the whole run when it is shorter). */
const SLOPE_MINUTES = 10;
/** A visitor's pause between two actions: steady traffic that leaves the shared machine some room. */
const PAUSE_MS = 50;
/** Demo users that sign in with a password alone (no authenticator, no first-time password). */
const BUYERS = [
  'buyer@halvorsen.example',
  'manager@halvorsen.example',
  'purchasing@halvorsen.example',
  'buyer@marlowe.example',
];
/** Halvorsen's buyers order on account; Marlowe's must pay online first, which the soak cannot do. */
const ORDERING_ON_ACCOUNT = new Set(BUYERS.filter((username) => username.endsWith('@halvorsen.example')));
const OPERATIONS_TOKEN = process.env.OPERATIONS_TOKEN || randomBytes(32).toString('base64url');
const LIMITS_MB = { pglite: 512, postgres: 250 } as const;

type Engine = keyof typeof LIMITS_MB;

interface Site {
  baseUrl: string;
  productPaths: string[];
  categoryPath: string;
  /** What a guest can add to a cart. */
  itemIds: string[];
  /** Signed-in browsers' headers, replaced as buyers sign in again. */
  buyers: Record<string, string>[];
  /** What each buyer's catalogue offers, by the same index. */
  buyerItemIds: string[][];
  /** Buyers whose checkout is under way: no other action changes their cart meanwhile. */
  checkingOut: Set<number>;
  ordersPlaced: number;
}

interface Sample {
  minute: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  wasmMb: number | null;
  requests: number;
  failures: number;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const mb = (bytes: number) => bytes / 1024 / 1024;

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb * 1024;
}

async function memoryOf(baseUrl: string): Promise<Record<string, number | null>> {
  const response = await fetch(`${baseUrl}/operations/memory`, {
    headers: { authorization: `Bearer ${OPERATIONS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`GET /operations/memory answered ${response.status}`);
  return (await response.json()) as Record<string, number | null>;
}

async function discover(baseUrl: string): Promise<Site> {
  const home = await (await fetch(`${baseUrl}/`, { headers: BROWSER_HEADERS })).text();
  const productPaths = [...new Set([...home.matchAll(/href="(\/product\/[^"]+)"/g)].map((m) => m[1] ?? ''))];
  const categoryPath = /href="(\/category\/[^"]+)"/.exec(home)?.[1];
  if (productPaths.length === 0 || !categoryPath)
    throw new Error('The home page links to no product or category');
  const itemIds = await catalogueItems(baseUrl, BROWSER_HEADERS);
  const buyers = await Promise.all(BUYERS.map((username) => signedInBuyer(baseUrl, username)));
  const buyerItemIds = await Promise.all(buyers.map((headers) => catalogueItems(baseUrl, headers)));
  return {
    baseUrl,
    productPaths,
    categoryPath,
    itemIds,
    buyers,
    buyerItemIds,
    checkingOut: new Set(),
    ordersPlaced: 0,
  };
}

/** The items a visitor's first category page offers, as its add buttons name them. */
async function catalogueItems(baseUrl: string, headers: Record<string, string>): Promise<string[]> {
  const home = await (await fetch(`${baseUrl}/`, { headers })).text();
  const categoryPath = /href="(\/category\/[^"]+)"/.exec(home)?.[1] ?? '';
  const category = await (await fetch(`${baseUrl}${categoryPath}`, { headers })).text();
  const ids = [...category.matchAll(/name="catalogItemId" value="([^"]+)"/g)].map((match) => match[1] ?? '');
  if (ids.length === 0) throw new Error(`${categoryPath || 'The home page'} offers nothing to add to a cart`);
  return ids;
}

/** One visitor's action; answers whether every request of it succeeded. */
type Action = (site: Site) => Promise<boolean>;

const page = async (site: Site, path: string, headers: Record<string, string>) => {
  const response = await fetch(`${site.baseUrl}${path}`, { headers });
  await response.arrayBuffer();
  return response.ok;
};

/** A form posted as the page posts it; answers the response, its body read. */
const postForm = async (
  site: Site,
  path: string,
  headers: Record<string, string>,
  form: Record<string, string>,
) => {
  const response = await fetch(`${site.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    redirect: 'manual',
  });
  return { response, body: await response.text() };
};

/** The cart's add button; answers the cart's quote id, or null when the line was refused. */
const addLine = async (site: Site, headers: Record<string, string>, itemIds: string[]) => {
  const form = { intent: 'add', catalogItemId: pick(itemIds), qty: '1' };
  const { response, body } = await postForm(site, '/api/cart', headers, form);
  return response.ok ? ((JSON.parse(body) as { quoteId?: string }).quoteId ?? null) : null;
};

const addToCart = async (site: Site, headers: Record<string, string>, itemIds: string[]) =>
  (await addLine(site, headers, itemIds)) !== null;

/** A signed-in buyer no checkout holds, by index into site.buyers; null when all are checking out. */
function idleBuyer(site: Site, canOrder = false): number | null {
  const idle = site.buyers
    .map((_, index) => index)
    .filter(
      (index) => !site.checkingOut.has(index) && (!canOrder || ORDERING_ON_ACCOUNT.has(BUYERS[index] ?? '')),
    );
  return idle.length === 0 ? null : pick(idle);
}

const guestBrowsing: Action = (site) =>
  page(site, pick(['/', site.categoryPath, ...site.productPaths]), BROWSER_HEADERS);

/** A new guest: a few lines into a cart of their own, then the cart page. */
const guestFillingCart: Action = async (site) => {
  const guest = { ...BROWSER_HEADERS, cookie: `sf_guest_cart=${randomBytes(32).toString('base64url')}` };
  let ok = await page(site, pick(site.productPaths), guest);
  for (let line = 0; line < 3; line++) ok = (await addToCart(site, guest, site.itemIds)) && ok;
  return (await page(site, '/cart', guest)) && ok;
};

const buyerReading: Action = (site) =>
  page(site, pick([site.categoryPath, ...site.productPaths, '/cart']), pick(site.buyers));

const buyerAddingLine: Action = async (site) => {
  const index = idleBuyer(site);
  return index === null || addToCart(site, site.buyers[index] ?? {}, site.buyerItemIds[index] ?? []);
};

/** The template the checkout page names (in its streamed route data) for placing the order. */
const checkoutTemplate = (html: string) => /templateId\\",\\"(\w+)\\"/.exec(html)?.[1] ?? null;

const SHIPPING_ADDRESS = {
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana.lima@halvorsen.example',
  phone: '',
  address: '1 Main St',
  address2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  useForBilling: 'true',
};

let orders = 0;
/** A buyer adds a line and checks out as the checkout page's steps post, to the order's confirmation. */
const buyerCheckingOut: Action = async (site) => {
  const index = idleBuyer(site, true);
  if (index === null) return true;
  site.checkingOut.add(index);
  try {
    const buyer = site.buyers[index] ?? {};
    const quoteId = await addLine(site, buyer, site.buyerItemIds[index] ?? []);
    const checkout = await fetch(`${site.baseUrl}/checkout`, { headers: buyer });
    const templateId = checkoutTemplate(await checkout.text());
    if (!quoteId || !checkout.ok || !templateId) return false;
    orders += 1;
    const steps: Record<string, string>[] = [
      { intent: 'saveAddress', ...SHIPPING_ADDRESS },
      { intent: 'saveShipping', carrier: 'UPS', method: 'Ground', customerShippingAccount: '' },
      { intent: 'tax' },
      { intent: 'savePo', poNumber: `SOAK-${process.pid}-${orders}` },
      { intent: 'saveCustomFields', templateId, 'field.Lab_Cost_Centre': 'CC-100' },
    ];
    for (const step of steps) {
      const { body } = await postForm(site, '/api/checkout', buyer, { quoteId, ...step });
      if (!(JSON.parse(body) as { ok?: boolean }).ok) return false;
    }
    const placed = await postForm(site, '/api/checkout/submit', buyer, { quoteId, templateId });
    const confirmation = placed.response.headers.get('location');
    if (placed.response.status !== 303 || !confirmation) return false;
    site.ordersPlaced += 1;
    return page(site, confirmation, buyer);
  } finally {
    site.checkingOut.delete(index);
  }
};

const signingIn: Action = async (site) => {
  const index = idleBuyer(site);
  if (index === null) return true;
  site.buyers[index] = await signedInBuyer(site.baseUrl, BUYERS[index]);
  return true;
};

/** How often each action comes: mostly browsing guests, as on the live site. */
const MIX: [Action, number][] = [
  [guestBrowsing, 42],
  [guestFillingCart, 15],
  [buyerReading, 25],
  [buyerAddingLine, 10],
  [buyerCheckingOut, 3],
  [signingIn, 5],
];

function nextAction(): Action {
  let roll = Math.random() * MIX.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [action, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return guestBrowsing;
}

async function soak(
  engine: Engine,
  server: BenchServer,
): Promise<{ samples: Sample[]; ordersPlaced: number }> {
  const site = await discover(server.baseUrl);
  const counts = { requests: 0, failures: 0 };
  const endsAt = Date.now() + MINUTES * 60_000;
  const visitor = async () => {
    while (Date.now() < endsAt) {
      const ok = await nextAction()(site).catch(() => false);
      counts.requests += 1;
      if (!ok) counts.failures += 1;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  };
  const samples: Sample[] = [];
  const sample = async (minute: number) => {
    const [rss, memory] = await Promise.all([rssOf(server.pid), memoryOf(server.baseUrl)]);
    const row: Sample = {
      minute,
      rssMb: mb(rss),
      heapUsedMb: mb(memory.heapUsed ?? 0),
      heapTotalMb: mb(memory.heapTotal ?? 0),
      externalMb: mb(memory.external ?? 0),
      wasmMb: memory.pgliteWasm === null || memory.pgliteWasm === undefined ? null : mb(memory.pgliteWasm),
      ...counts,
    };
    counts.requests = 0;
    counts.failures = 0;
    samples.push(row);
    printRow(engine, row);
  };
  printHeader();
  await sample(0);
  const sampler = setInterval(() => void sample(samples.length), SAMPLE_MS);
  await Promise.all(Array.from({ length: WORKERS }, visitor));
  clearInterval(sampler);
  await sample(samples.length);
  return { samples, ordersPlaced: site.ordersPlaced };
}

function printHeader(): void {
  console.log('engine    min  RSS MB  heap used  heap total  external  PGlite wasm  actions  failed');
}

function printRow(engine: Engine, s: Sample): void {
  const cells = [
    engine.padEnd(8),
    String(s.minute).padStart(4),
    s.rssMb.toFixed(0).padStart(7),
    s.heapUsedMb.toFixed(0).padStart(10),
    s.heapTotalMb.toFixed(0).padStart(11),
    s.externalMb.toFixed(0).padStart(9),
    (s.wasmMb === null ? '-' : s.wasmMb.toFixed(0)).padStart(12),
    String(s.requests).padStart(8),
    String(s.failures).padStart(7),
  ];
  console.log(cells.join(' '));
}

/** Least-squares slope of RSS against minutes, MB per minute. */
function slope(points: { minute: number; rssMb: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, p) => sum + p.minute, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.rssMb, 0) / n;
  const covariance = points.reduce((sum, p) => sum + (p.minute - meanX) * (p.rssMb - meanY), 0);
  const variance = points.reduce((sum, p) => sum + (p.minute - meanX) ** 2, 0);
  return covariance / variance;
}

function summary(
  engine: Engine,
  { samples, ordersPlaced }: { samples: Sample[]; ordersPlaced: number },
): string {
  const last = samples.at(-1)?.minute ?? 0;
  const window = samples.filter((s) => s.minute >= last - SLOPE_MINUTES);
  const perMinute = slope(window);
  const steady = Math.max(...window.map((s) => s.rssMb));
  const limit = LIMITS_MB[engine];
  return (
    `${engine}: RSS slope over the last ${Math.min(SLOPE_MINUTES, last)} min ${perMinute.toFixed(2)} MB/min, ` +
    `peak ${steady.toFixed(0)} MB (limit ${limit} MB: ${steady <= limit ? 'met' : 'NOT met'}); ` +
    `${ordersPlaced} orders placed.`
  );
}

async function withAdmin<T>(run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
}

/** The server measured runs on a database an earlier start migrated and seeded, not the one that seeded it. */
const RESTARTED = { restarted: true };

/** A server on the engine, and what to do after it stops (drop the PostgreSQL database made for it). */
async function startOn(engine: Engine): Promise<{ server: BenchServer; cleanUp: () => Promise<void> }> {
  const env = { OPERATIONS_TOKEN };
  if (engine === 'pglite')
    return { server: await startBenchServer(PORT, env, RESTARTED), cleanUp: async () => {} };
  const name = `soak_${randomBytes(6).toString('hex')}`;
  await withAdmin((sql) => sql`create database ${sql(name)}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const drop = () => withAdmin((sql) => sql`drop database if exists ${sql(name)} with (force)`);
  const server = await startBenchServer(PORT, { ...env, DATABASE_URL: url.toString() }, RESTARTED).catch(
    async (error: unknown) => {
      await drop();
      throw error;
    },
  );
  return {
    server,
    cleanUp: async () => {
      await drop();
    },
  };
}

const chosen = process.env.SOAK_ENGINE ?? 'both';
const engines: Engine[] = chosen === 'both' ? ['pglite', 'postgres'] : [chosen as Engine];
if (!engines.every((engine) => engine in LIMITS_MB)) throw new Error('SOAK_ENGINE: pglite, postgres or both');
console.log(`Soak: ${MINUTES} min per engine, ${WORKERS} visitors, ${engines.join(' then ')}.`);
const summaries: string[] = [];
for (const engine of engines) {
  const { server, cleanUp } = await startOn(engine);
  try {
    summaries.push(summary(engine, await soak(engine, server)));
  } finally {
    await server.stop();
    await cleanUp();
  }
}
for (const line of summaries) console.log(line);
