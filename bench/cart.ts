/**
 * Latency of adding and updating cart lines as guests through the gateway (POST /graphql, makeCall) on the
 * embedded PGlite database, first one shopper at a time, then with concurrent shoppers each with their own
 * cart. Run on demand after a build: `npm run bench:cart`.
 */
import { randomBytes } from 'node:crypto';
import type { CatalogPage, DomainDetails, QuoteItems } from '@storefront/contracts';
import { startBenchServer } from './server';

const OPS = Number(process.env.BENCH_CART_OPS ?? 200);
const SHOPPERS = Number(process.env.BENCH_CART_SHOPPERS ?? 10);
/** Lines per cart: every add puts a new item on the cart, so a shopper whose cart is full starts a new one. */
const ITEMS_PER_CART = 10;
/** Operations run and discarded first, so JIT and first-use costs do not land in the figures. */
const WARM_UP_OPS = 20;
const API_KEY = process.env.GATEWAY_API_KEY ?? 'da2-bionova-storefront-local';
const HOST = 'localhost';

interface Envelope<T> {
  statusCode: number;
  content: T;
}

/** One timed call: its latency and, when it failed, why. */
interface Sample {
  ms: number;
  failure: string | null;
}

interface Target {
  baseUrl: string;
  storefront: DomainDetails;
  itemIds: string[];
}

/** A simulated guest: the cart secret the browser's cookie would carry. */
interface Shopper {
  secret: string;
}

const newShopper = (): Shopper => ({ secret: randomBytes(32).toString('base64url') });

/** One makeCall through the gateway as the guest `shopper`, as the browser sends it. */
async function crmCall<T>(
  target: Target,
  shopper: Shopper,
  type: string,
  payload: Record<string, unknown>,
): Promise<{ envelope: Envelope<T> | null; failure: string | null }> {
  const response = await fetch(`${target.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY, 'x-guest-cart': shopper.secret },
    body: JSON.stringify({
      query: 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }',
      variables: {
        data: JSON.stringify({
          callType: 'POST',
          endpoint: `/services/apexrest/ecommerce?type=${type}`,
          payload: JSON.stringify({
            storefrontId: target.storefront.storefrontId,
            accountId: target.storefront.guestAccountId,
            ...payload,
          }),
        }),
      },
    }),
  });
  const body = (await response.json()) as {
    data?: { salesforceActions?: string | null };
    errors?: { message: string }[];
  };
  const answer = body.data?.salesforceActions;
  if (!answer) return { envelope: null, failure: `HTTP ${response.status} ${body.errors?.[0]?.message}` };
  const envelope = JSON.parse(answer) as Envelope<T>;
  const failure =
    envelope.statusCode === 200 ? null : `${envelope.statusCode} ${JSON.stringify(envelope.content)}`;
  return { envelope, failure };
}

/** Like crmCall, for set-up steps: anything but a success stops the benchmark. */
async function mustCall<T>(target: Target, shopper: Shopper, type: string, payload: object): Promise<T> {
  const { envelope, failure } = await crmCall<T>(target, shopper, type, { ...payload });
  if (!envelope || failure) throw new Error(`${type} failed during set-up: ${failure}`);
  return envelope.content;
}

async function timed(call: () => ReturnType<typeof crmCall>): Promise<Sample> {
  const started = performance.now();
  const { failure } = await call();
  return { ms: performance.now() - started, failure };
}

async function findTarget(baseUrl: string): Promise<Target> {
  const response = await fetch(`${baseUrl}/api/domain`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hostname: HOST }),
  });
  const storefront = (await response.json()) as DomainDetails;
  if (!storefront.guestAccountId) throw new Error(`The storefront of ${HOST} has no guest account`);
  const target: Target = { baseUrl, storefront, itemIds: [] };
  const page = await mustCall<CatalogPage>(target, newShopper(), 'retrieveCatalogNG', {
    pageSize: ITEMS_PER_CART,
  });
  target.itemIds = page.items.map((item) => item.id);
  if (target.itemIds.length === 0) throw new Error('The guest catalogue has no items');
  return target;
}

/** Each add puts an item not yet on the cart; a full cart is left for a new shopper's fresh one. */
async function addLines(target: Target, count: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  let shopper = newShopper();
  let added = 0;
  for (let i = 0; i < count; i++) {
    if (added === target.itemIds.length) {
      shopper = newShopper();
      added = 0;
    }
    // The cart itself is made before timing, so every timed add is a new line on an existing cart.
    if (added === 0) await mustCall(target, shopper, 'startNewCart', {});
    const catalogItemId = target.itemIds[added++];
    samples.push(await timed(() => crmCall(target, shopper, 'saveItemToQuoteBlink', { catalogItemId, qty: 1 })));
  }
  return samples;
}

/** Changes the quantity of one line of the shopper's cart back and forth, so every update is a change. */
async function updateLines(target: Target, count: number): Promise<Sample[]> {
  const shopper = newShopper();
  const cart = await mustCall<QuoteItems>(target, shopper, 'saveItemToQuoteBlink', {
    catalogItemId: target.itemIds[0],
    qty: 1,
  });
  const line = cart.lines[0];
  if (!line) throw new Error('saveItemToQuoteBlink answered a cart without lines');
  const samples: Sample[] = [];
  for (let i = 0; i < count; i++) {
    const lines = [{ id: line.id, qty: 2 + (i % 2) }];
    samples.push(await timed(() => crmCall(target, shopper, 'updateQLI', { quoteId: cart.quote.id, lines })));
  }
  return samples;
}

type Workload = (target: Target, count: number) => Promise<Sample[]>;

/** `ops` operations shared by `shoppers` concurrent shoppers, each running its share one after another. */
async function run(target: Target, workload: Workload, ops: number, shoppers: number) {
  const shares = Array.from({ length: shoppers }, (_, i) => Math.floor((ops + i) / shoppers));
  const started = performance.now();
  const samples = (await Promise.all(shares.map((share) => workload(target, share)))).flat();
  return { samples, seconds: (performance.now() - started) / 1000 };
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

function summarise(name: string, shoppers: number, result: Awaited<ReturnType<typeof run>>) {
  const sorted = result.samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const failures = result.samples.filter((sample) => sample.failure !== null);
  return {
    operation: name,
    shoppers,
    ops: sorted.length,
    failed: failures.length,
    'p50 ms': percentile(sorted, 0.5).toFixed(1),
    'p99 ms': percentile(sorted, 0.99).toFixed(1),
    'mean ms': (sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length).toFixed(1),
    'ops/s': (sorted.length / result.seconds).toFixed(0),
    failures: failures.map((sample) => sample.failure as string),
  };
}

/** Distinct failure messages with how often each came. */
function printFailures(rows: ReturnType<typeof summarise>[]): void {
  for (const row of rows) {
    const counts = new Map<string, number>();
    for (const failure of row.failures) counts.set(failure, (counts.get(failure) ?? 0) + 1);
    for (const [failure, count] of counts) console.log(`  ${row.operation}, ${row.shoppers}: ${count} x ${failure}`);
  }
}

const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3210));
try {
  const target = await findTarget(server.baseUrl);
  await run(target, addLines, WARM_UP_OPS, 1);
  await run(target, updateLines, WARM_UP_OPS, 1);
  const rows = [];
  for (const shoppers of [1, SHOPPERS]) {
    rows.push(summarise('add line', shoppers, await run(target, addLines, OPS, shoppers)));
    rows.push(summarise('update line', shoppers, await run(target, updateLines, OPS, shoppers)));
  }
  console.log(
    `\nCart lines as guests through the gateway on PGlite: ${OPS} operations per row, ` +
      `${target.itemIds.length} lines per cart at most (host ${HOST})`,
  );
  console.table(rows.map(({ failures: _failures, ...row }) => row));
  const failed = rows.some((row) => row.failed > 0);
  if (failed) console.log('Failures:');
  printFailures(rows);
} finally {
  await server.stop();
}
