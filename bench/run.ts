/**
 * Every speed target of issue-level scope, measured side by side in one run on one production server on a fresh
 * embedded database, and printed as one table with the machine and date (`npm run bench`, after
 * `npm run build`). Pages are compared with a truly bare page of the same app and server (ratios, measured in
 * alternating rounds, medians), so the figures hold on any machine of this size.
 */
import { execSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { addLines, findTarget, percentile, type Result, run, WARM_UP_OPS } from './cart-lines';
import { measureCatalogueFilter } from './catalogue-filter';
import { GATEWAY_CONNECTIONS, GATEWAY_OFFERED_RATE, gatewayCachedRead } from './gateway-read';
import { GUEST_PRODUCT_BUDGET_BYTES, pageScripts } from './js';
import { lighthouseAudits } from './lighthouse';
import { startBenchServer } from './server';
import { BROWSER_HEADERS, returningGuest, signedInBuyer } from './visitors';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE_CONNECTIONS = 10;
const CART_OPS = Number(process.env.BENCH_CART_OPS ?? 200);
const CART_SHOPPERS = 10;
/** A route of the same app with no loader, no root data and no gateway call: the floor a page is held to. */
const BARE_PAGE = '/_bare';
/** A category page with two filters and a sort, as a buyer narrows a list. */
const FILTERS = '?Species=Human&Conjugate=PE&sort=price-asc';

interface PageCase {
  name: string;
  path: string;
  headers: Record<string, string>;
  /** The least share of the bare page's throughput the page must reach; none: shown for comparison. */
  target?: number;
}

interface Throughput {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Throughput> {
  const result = await autocannon({ url, headers, connections: PAGE_CONNECTIONS, duration: seconds });
  const failed = result.errors + result.non2xx;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: failed };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Each page in turn for `SECONDS`, `ROUNDS` times over, so a busy spell of the machine hits every page alike. */
async function pageThroughput(baseUrl: string, pages: PageCase[]): Promise<Map<PageCase, Throughput>> {
  const rounds = new Map<PageCase, Throughput[]>(pages.map((page) => [page, []]));
  for (const page of pages) await load(`${baseUrl}${page.path}`, page.headers, 2);
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of pages)
      rounds.get(page)?.push(await load(`${baseUrl}${page.path}`, page.headers, SECONDS));
  }
  return new Map(
    pages.map((page) => {
      const measured = rounds.get(page) ?? [];
      return [
        page,
        {
          rps: median(measured.map((m) => m.rps)),
          p50: median(measured.map((m) => m.p50)),
          p99: median(measured.map((m) => m.p99)),
          errors: measured.reduce((sum, m) => sum + m.errors, 0),
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

function printRows(rows: Row[]): void {
  const cells = rows.map(([figure, measured, target, met]) => [
    figure,
    measured,
    target,
    met === null ? '' : met ? 'yes' : 'NO',
  ]);
  const header = ['figure', 'measured', 'target', 'met'];
  const widths = header.map((_, column) =>
    Math.max(...[header, ...cells].map((row) => row[column]?.length ?? 0)),
  );
  for (const row of [header, ...cells]) {
    console.log(`| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`);
  }
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

const rows: Row[] = [];
const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3200));
try {
  const { baseUrl } = server;
  const productPath = await linkedPath(baseUrl, /href="(\/product\/[^"]+)"/, 'product page');
  const categoryPath = `${await linkedPath(baseUrl, /href="(\/category\/[^"]+)"/, 'category')}${FILTERS}`;
  const buyer = await signedInBuyer(baseUrl);
  const pages: PageCase[] = [
    { name: `bare page ${BARE_PAGE}`, path: BARE_PAGE, headers: BROWSER_HEADERS },
    { name: 'guest product page', path: productPath, headers: BROWSER_HEADERS, target: 0.5 },
    { name: 'guest product page, returning guest', path: productPath, headers: returningGuest() },
    { name: 'category with filters and sort', path: categoryPath, headers: BROWSER_HEADERS, target: 0.4 },
    { name: 'category with filters, returning guest', path: categoryPath, headers: returningGuest() },
    { name: 'signed-in product page', path: productPath, headers: buyer, target: 0.4 },
  ];
  const throughput = await pageThroughput(baseUrl, pages);

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

  const bare = throughput.get(pages[0] as PageCase)?.rps ?? Number.NaN;
  for (const page of pages) {
    const measured = throughput.get(page);
    const ratio = (measured?.rps ?? 0) / bare;
    const figure = `${measured?.rps.toFixed(0)} req/s, p50 ${measured?.p50} ms, p99 ${measured?.p99} ms, ${ratio.toFixed(2)} of bare${measured?.errors ? `, ${measured.errors} failed` : ''}`;
    const target = page.target ? `>= ${page.target} of bare` : '';
    rows.push([page.name, figure, target, page.target ? ratio >= page.target : null]);
  }
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
  await server.stop();
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
  `\nSpeed targets (${machine()}; pages: ${PAGE_CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, medians)`,
);
printRows(rows);
