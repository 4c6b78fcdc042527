/**
 * Every speed target of issue-level scope, measured side by side in one run on one production server on a fresh
 * embedded database, and printed as tables with the machine and date (`npm run bench`, after `npm run build`).
 * Pages are compared with a truly bare React Router app built from the project's own packages and served in a
 * process of its own (bench/bare-app), as ratios measured in alternating rounds, medians, so the figures hold on
 * any machine of this size.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { PERSONAL_DATA_PATH } from '../apps/storefront/app/lib/paths';
import { BARE_APP_TEXT, type BareApp, startBareApp } from './bare-app/index';
import {
  BROWSING_ACCOUNTS,
  BROWSING_BUYERS,
  type BrowsingBuyer,
  browse,
  browsingBuyers,
  CART_CHANGE_EVERY,
} from './browsing';
import { addLines, findTarget, percentile, type Result, run, WARM_UP_OPS } from './cart-lines';
import { measureCatalogueFilter } from './catalogue-filter';
import { GATEWAY_CONNECTIONS, GATEWAY_OFFERED_RATE, gatewayCachedRead } from './gateway-read';
import { GUEST_PRODUCT_BUDGET_BYTES, pageScripts } from './js';
import { lighthouseAudits } from './lighthouse';
import { type BenchServer, startBenchServer } from './server';
import { BROWSER_HEADERS, returningGuest, signedInBuyer } from './visitors';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE_CONNECTIONS = 10;
const CART_OPS = Number(process.env.BENCH_CART_OPS ?? 200);
const CART_SHOPPERS = 10;
/** The project's own page with no loader, no root data and no gateway call. */
const BARE_PAGE = '/_bare';
/** A category page with two filters and a sort, as a buyer narrows a list. */
const FILTERS = '?Species=Human&Conjugate=PE&sort=price-asc';
/** The operator's token the measured server starts with: /metrics tells the page cache's hits. */
const OPERATIONS_TOKEN = randomBytes(24).toString('base64url');

interface Throughput {
  /** Page views answered per second. */
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The share of views the page cache answered (its hits), on the storefront's server; null elsewhere. */
  cacheHits: number | null;
}

/** One load's raw figures: views, their rate and latency. */
interface Measured {
  views: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

interface PageCase {
  name: string;
  /** `seconds` of this page's load at PAGE_CONNECTIONS connections. */
  measure(seconds: number): Promise<Measured>;
  /** The least share of the truly bare app's views per second the page must reach (issue 35). */
  target?: number;
  /** On the storefront's server (not the bare app's): its page cache counts hits. */
  storefront: boolean;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Measured> {
  const result = await autocannon({ url, headers, connections: PAGE_CONNECTIONS, duration: seconds });
  return {
    views: result.requests.total,
    // As the browsing row counts its views: all answered over the run's time.
    rps: result.requests.total / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Each page is checked to answer 200 with what it should hold before it is measured. */
async function expectPage(url: string, headers: Record<string, string>, holds: string): Promise<void> {
  const response = await fetch(url, { headers });
  const html = await response.text();
  if (!response.ok || !html.includes(holds))
    throw new Error(`${url} answered ${response.status} without "${holds}": it cannot be measured`);
}

const pageLoad = (url: string, headers: Record<string, string>) => (seconds: number) =>
  load(url, headers, seconds);

/** The page cache's hits and misses so far (server/src/metrics.ts: page_cache_requests_total). */
async function pageCacheCounts(server: BenchServer): Promise<{ hit: number; miss: number }> {
  const response = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${OPERATIONS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  const text = await response.text();
  const count = (result: string) =>
    Number(
      new RegExp(`^page_cache_requests_total\\{result="${result}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0,
    );
  return { hit: count('hit'), miss: count('miss') };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Each page in turn for `SECONDS`, `ROUNDS` times over, so a busy spell of the machine hits every page alike. */
async function pageThroughput(server: BenchServer, pages: PageCase[]): Promise<Map<PageCase, Throughput>> {
  const rounds = new Map<PageCase, (Measured & { cacheHits: number | null })[]>(
    pages.map((page) => [page, []]),
  );
  for (const page of pages) await page.measure(2);
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of pages) {
      const before = page.storefront ? await pageCacheCounts(server) : null;
      const measured = await page.measure(SECONDS);
      const after = before ? await pageCacheCounts(server) : null;
      // Answers still in flight when the load stops are counted by the server, not by autocannon: at most all.
      const cacheHits =
        before && after ? Math.min(1, (after.hit - before.hit) / Math.max(1, measured.views)) : null;
      rounds.get(page)?.push({ ...measured, cacheHits });
    }
  }
  return new Map(
    pages.map((page) => {
      const measured = rounds.get(page) ?? [];
      const hits = measured.map((m) => m.cacheHits).filter((share): share is number => share !== null);
      return [
        page,
        {
          rps: median(measured.map((m) => m.rps)),
          p50: median(measured.map((m) => m.p50)),
          p99: median(measured.map((m) => m.p99)),
          errors: measured.reduce((sum, m) => sum + m.errors, 0),
          cacheHits: hits.length > 0 ? median(hits) : null,
        },
      ];
    }),
  );
}

async function linkedPath(baseUrl: string, pattern: RegExp, what: string): Promise<string> {
  const home = await (await fetch(`${baseUrl}/`)).text();
  const path = pattern.exec(home)?.[1];
  if (!path) throw new Error(`The home page links to no ${what}`);
  return path;
}

const p99Of = (result: Result) =>
  percentile(
    result.samples.map((sample) => sample.ms).sort((a, b) => a - b),
    0.99,
  );

type Row = [figure: string, measured: string, target: string, met: boolean | null];

const served = ({ rps, p99, errors }: { rps: number; p99: number; errors: number }) =>
  `p99 ${Number(p99.toFixed(1))} ms, ${rps.toFixed(0)} req/s${errors ? `, ${errors} failed` : ''}`;

const metText = (met: boolean | null) => (met === null ? '' : met ? 'met' : 'not met');

function printTable(header: string[], cells: string[][]): void {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...cells].map((row) => row[column]?.length ?? 0)),
  );
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  for (const row of cells) console.log(line(row));
}

function printRows(rows: Row[]): void {
  printTable(
    ['figure', 'measured', 'target', 'met'],
    rows.map(([figure, measured, target, met]) => [figure, measured, target, metText(met)]),
  );
}

/** Two decimals, three below 0.1 (a page at a few hundredths of the bare app's speed). */
const ratioText = (ratio: number) => ratio.toFixed(ratio < 0.1 ? 3 : 2);

/** Pages as ratios to the truly bare app (its row: 1.00), with the project's /_bare beside it. */
function printPages(
  pages: PageCase[],
  throughput: Map<PageCase, Throughput>,
  anchor: PageCase,
  own: PageCase,
) {
  const rpsOf = (page: PageCase) => throughput.get(page)?.rps ?? Number.NaN;
  const ms = (value: number) => String(Number(value.toFixed(1)));
  printTable(
    [
      'page',
      'views/s',
      'p50 ms',
      'p99 ms',
      '÷ truly bare app',
      `÷ ${BARE_PAGE}`,
      'page cache hits',
      'target',
      'met',
    ],
    pages.map((page) => {
      const measured = throughput.get(page);
      if (!measured) return [page.name];
      const ratio = measured.rps / rpsOf(anchor);
      return [
        `${page.name}${measured.errors ? ` (${measured.errors} failed)` : ''}`,
        measured.rps.toFixed(0),
        ms(measured.p50),
        ms(measured.p99),
        ratioText(ratio),
        (measured.rps / rpsOf(own)).toFixed(2),
        measured.cacheHits === null ? '' : `${(measured.cacheHits * 100).toFixed(0)} %`,
        page.target === undefined ? '' : `>= ${page.target}`,
        metText(page.target === undefined ? null : ratio >= page.target && measured.errors === 0),
      ];
    }),
  );
}

function machine(): string {
  const cores = cpus();
  const revision = (() => {
    try {
      return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  })();
  const memory = `${Math.round(totalmem() / 2 ** 30)} GiB`;
  return `${new Date().toISOString().slice(0, 10)}, ${cores.length} × ${cores[0]?.model.trim()}, ${memory}, Node ${process.version}, ${revision}`;
}

/** Starts both, and stops whichever started when the other could not. */
async function startServers(): Promise<[BareApp, BenchServer]> {
  const [bare, storefront] = await Promise.allSettled([
    startBareApp(Number(process.env.BENCH_BARE_PORT ?? 3290)),
    startBenchServer(Number(process.env.BENCH_PORT ?? 3200), { OPERATIONS_TOKEN }),
  ]);
  if (bare.status === 'fulfilled' && storefront.status === 'fulfilled') return [bare.value, storefront.value];
  if (bare.status === 'fulfilled') await bare.value.stop();
  if (storefront.status === 'fulfilled') await storefront.value.stop();
  throw bare.status === 'rejected' ? bare.reason : (storefront as PromiseRejectedResult).reason;
}

const rows: Row[] = [];
let pageTable: (() => void) | undefined;
const [bareApp, server] = await startServers();
try {
  const { baseUrl } = server;
  const productPath = await linkedPath(baseUrl, /href="(\/product\/[^"]+)"/, 'product page');
  const categoryPath = `${await linkedPath(baseUrl, /href="(\/category\/[^"]+)"/, 'category')}${FILTERS}`;
  const buyer = await signedInBuyer(baseUrl);
  const buyers: BrowsingBuyer[] = await browsingBuyers(baseUrl);
  const browsedUrls = new Set(buyers.flatMap((browsing) => browsing.paths)).size;
  const returning = returningGuest();
  const returningToCategory = returningGuest();
  const productName = (await (await fetch(`${baseUrl}${productPath}`)).text()).match(/<h1[^>]*>([^<]+)/)?.[1];
  await expectPage(`${bareApp.baseUrl}/`, BROWSER_HEADERS, BARE_APP_TEXT);
  await expectPage(`${baseUrl}${BARE_PAGE}`, BROWSER_HEADERS, 'This page has no data.');
  for (const headers of [BROWSER_HEADERS, returning, buyer])
    await expectPage(`${baseUrl}${productPath}`, headers, productName ?? '<h1');
  const anchor: PageCase = {
    name: 'truly bare React Router app',
    measure: pageLoad(`${bareApp.baseUrl}/`, BROWSER_HEADERS),
    storefront: false,
  };
  const own: PageCase = {
    name: `the project's ${BARE_PAGE}`,
    measure: pageLoad(`${baseUrl}${BARE_PAGE}`, BROWSER_HEADERS),
    target: 0.6,
    storefront: true,
  };
  const pages: PageCase[] = [
    anchor,
    own,
    {
      name: 'guest product page, first visit',
      measure: pageLoad(`${baseUrl}${productPath}`, BROWSER_HEADERS),
      target: 0.8,
      storefront: true,
    },
    {
      name: 'guest category page with filters and sort, first visit',
      measure: pageLoad(`${baseUrl}${categoryPath}`, BROWSER_HEADERS),
      target: 0.8,
      storefront: true,
    },
    {
      name: "returning guest's product page (a cart cookie)",
      measure: pageLoad(`${baseUrl}${productPath}`, returning),
      target: 0.3,
      storefront: true,
    },
    {
      name: "returning guest's category page with filters",
      measure: pageLoad(`${baseUrl}${categoryPath}`, returningToCategory),
      storefront: true,
    },
    {
      name: 'signed-in product page',
      measure: pageLoad(`${baseUrl}${productPath}`, buyer),
      target: 0.3,
      storefront: true,
    },
    {
      // What a browser reads besides a kept page: its holes (docs/decisions/0067).
      name: "a signed-in buyer's personal data (the holes of a kept page)",
      measure: pageLoad(`${baseUrl}${PERSONAL_DATA_PATH}`, {
        cookie: buyer.cookie,
        accept: 'application/json',
      }),
      storefront: true,
    },
    {
      name: `signed-in browsing: ${BROWSING_BUYERS.length} buyers of ${BROWSING_ACCOUNTS} accounts over ${browsedUrls} product and category URLs, each view with its personal data, a line added every ${CART_CHANGE_EVERY} requests`,
      measure: async (seconds) => {
        const browsed = await browse(baseUrl, buyers, seconds, PAGE_CONNECTIONS);
        return { ...browsed, rps: browsed.viewsPerSecond };
      },
      target: 0.25,
      storefront: true,
    },
  ];
  const throughput = await pageThroughput(server, pages);
  pageTable = () => printPages(pages, throughput, anchor, own);

  const cartTarget = await findTarget(baseUrl);
  const { storefront } = cartTarget;
  const gateway = await gatewayCachedRead(
    server,
    storefront.storefrontId,
    storefront.guestAccountId ?? '',
    SECONDS,
  );
  await run(cartTarget, 'warm-up', addLines, WARM_UP_OPS, 1);
  const addOne = await run(cartTarget, 'add line', addLines, CART_OPS, 1);
  const addMany = await run(cartTarget, 'add line', addLines, CART_OPS, CART_SHOPPERS);
  const scripts = await pageScripts(baseUrl, productPath);
  const pagesAudited = { home: '/', category: categoryPath.replace(/\?.*$/, ''), product: productPath };
  const audits = await lighthouseAudits(Object.values(pagesAudited).map((path) => `${baseUrl}${path}`));

  rows.push(
    [
      `gateway cached read, ${GATEWAY_CONNECTIONS} connections offering ${GATEWAY_OFFERED_RATE} req/s`,
      served(gateway.offered),
      'p99 <= 5 ms',
      gateway.offered.p99 <= 5 && gateway.offered.errors === 0,
    ],
    [
      `gateway cached read, ${GATEWAY_CONNECTIONS} connections as fast as they can`,
      `${served(gateway.saturated)}, ${gateway.saturated.cpuMsPerRead.toFixed(2)} ms CPU a read`,
      '',
      null,
    ],
    [
      `/health, ${GATEWAY_CONNECTIONS} connections offering ${GATEWAY_OFFERED_RATE} req/s`,
      served(gateway.healthOffered),
      '',
      null,
    ],
    [`/health, ${GATEWAY_CONNECTIONS} connections as fast as they can`, served(gateway.health), '', null],
    [
      'add line, 1 shopper (PGlite)',
      `p99 ${p99Of(addOne).toFixed(1)} ms`,
      'p99 <= 50 ms',
      p99Of(addOne) <= 50,
    ],
    [`add line, ${CART_SHOPPERS} shoppers at once (PGlite)`, `p99 ${p99Of(addMany).toFixed(1)} ms`, '', null],
    [
      'JavaScript of a guest product page',
      `${(scripts.gzip / 1024).toFixed(1)} KB gzip, ${scripts.files.length} files`,
      `<= ${GUEST_PRODUCT_BUDGET_BYTES / 1024} KB`,
      scripts.gzip <= GUEST_PRODUCT_BUDGET_BYTES,
    ],
  );
  Object.keys(pagesAudited).forEach((page, index) => {
    const scores = audits[index]?.scores;
    if (!scores) return;
    const { performance, accessibility, 'best-practices': bestPractices, seo } = scores;
    rows.push([
      `Lighthouse, mobile, ${page}`,
      `${performance} / ${accessibility} / ${bestPractices} / ${seo}`,
      '>= 95 / 100 / 100 / 100',
      performance >= 95 && accessibility === 100 && bestPractices === 100 && seo === 100,
    ]);
  });
} finally {
  await Promise.all([server.stop(), bareApp.stop()]);
}

// In process, once the server has stopped: the database's own time, uncached, one call at a time.
for (const figures of await measureCatalogueFilter()) {
  rows.push([
    `catalogue filter over 2,000 items (${figures.engine})`,
    `p50 ${figures.filterP50.toFixed(1)} ms, p99 ${figures.filterP99.toFixed(1)} ms (category page p99 ${figures.pageP99.toFixed(1)} ms)`,
    'p99 <= 30 ms',
    figures.filterP99 <= 30,
  ]);
}
console.log(
  `\nSpeed targets (${machine()}; pages: ${PAGE_CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, medians)\n`,
);
pageTable?.();
console.log('');
printRows(rows);
