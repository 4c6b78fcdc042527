/**
 * Cart line changes as guests through the gateway (POST /graphql, makeCall): the workloads and figures of
 * `npm run bench:cart`, also run by the combined benchmark (bench/run.ts).
 */
import { randomBytes } from 'node:crypto';
import type { CatalogPage, DomainDetails, QuoteItems } from '@storefront/contracts';

/** Lines per cart: every add puts a new item on the cart, so a shopper whose cart is full starts a new one. */
const ITEMS_PER_CART = 10;
/** Operations run and discarded first, so JIT and first-use costs do not land in the figures. */
export const WARM_UP_OPS = 20;
export const API_KEY = process.env.GATEWAY_API_KEY ?? 'da2-bionova-storefront-local';
export const HOST = 'localhost';

interface Envelope<T> {
  statusCode: number;
  content: T;
}

/** One timed call: its latency and, when it failed, why. */
export interface Sample {
  ms: number;
  failure: string | null;
}

export interface Target {
  baseUrl: string;
  storefront: DomainDetails;
  itemIds: string[];
}

/** A simulated guest: the cart secret the browser's cookie would carry. */
export interface Shopper {
  secret: string;
}

export const newShopper = (): Shopper => ({ secret: randomBytes(32).toString('base64url') });

/** One makeCall through the gateway as the guest `shopper`, as the browser sends it. */
export async function crmCall<T>(
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
  // A body that is not JSON counts as a failure of this call, not of the benchmark.
  const body = (await response.json().catch(() => ({}))) as {
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
export async function mustCall<T>(
  target: Target,
  shopper: Shopper,
  type: string,
  payload: Record<string, unknown>,
): Promise<T> {
  const { envelope, failure } = await crmCall<T>(target, shopper, type, payload);
  if (!envelope || failure) throw new Error(`${type} failed during set-up: ${failure}`);
  return envelope.content;
}

async function timed(call: () => ReturnType<typeof crmCall>): Promise<Sample> {
  const started = performance.now();
  const { failure } = await call();
  return { ms: performance.now() - started, failure };
}

export async function findTarget(baseUrl: string): Promise<Target> {
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

/** Set-up of a shopper's share (untimed), answering the timed part: `count` operations one after another. */
export type Workload = (target: Target, count: number) => Promise<() => Promise<Sample[]>>;

/** Each add puts an item not yet on the cart, on a cart opened beforehand; a full cart is left for another. */
export const addLines: Workload = async (target, count) => {
  const perCart = target.itemIds.length;
  const shoppers: Shopper[] = [];
  for (let i = 0; i < Math.ceil(count / perCart); i++) {
    const shopper = newShopper();
    await mustCall(target, shopper, 'startNewCart', {});
    shoppers.push(shopper);
  }
  return async () => {
    const samples: Sample[] = [];
    for (let i = 0; i < count; i++) {
      const shopper = shoppers[Math.floor(i / perCart)] as Shopper;
      const payload = { catalogItemId: target.itemIds[i % perCart], qty: 1 };
      samples.push(await timed(() => crmCall(target, shopper, 'saveItemToQuoteBlink', payload)));
    }
    return samples;
  };
};

/** Changes the quantity of one line of the shopper's cart back and forth, so every update is a change. */
export const updateLines: Workload = async (target, count) => {
  const shopper = newShopper();
  const cart = await mustCall<QuoteItems>(target, shopper, 'saveItemToQuoteBlink', {
    catalogItemId: target.itemIds[0],
    qty: 1,
  });
  const line = cart.lines[0];
  if (!line) throw new Error('saveItemToQuoteBlink answered a cart without lines');
  return async () => {
    const samples: Sample[] = [];
    for (let i = 0; i < count; i++) {
      const payload = { quoteId: cart.quote.id, lines: [{ id: line.id, qty: 2 + (i % 2) }] };
      samples.push(await timed(() => crmCall(target, shopper, 'updateQLI', payload)));
    }
    return samples;
  };
};

export interface Result {
  operation: string;
  shoppers: number;
  samples: Sample[];
  seconds: number;
}

/** `ops` operations shared by `shoppers` concurrent shoppers; the clock runs once every share is set up. */
export async function run(
  target: Target,
  operation: string,
  workload: Workload,
  ops: number,
  shoppers: number,
): Promise<Result> {
  const shares = Array.from({ length: shoppers }, (_, i) => Math.floor((ops + i) / shoppers));
  const timedParts = await Promise.all(shares.map((share) => workload(target, share)));
  const started = performance.now();
  const samples = (await Promise.all(timedParts.map((part) => part()))).flat();
  return { operation, shoppers, samples, seconds: (performance.now() - started) / 1000 };
}

/** Nearest-rank percentile of sorted values. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

const HEADER = ['operation', 'shoppers', 'ops', 'failed', 'p50 ms', 'p99 ms', 'mean ms', 'ops/s'];

/** Latency is each call's, as the shopper waits for it; ops/s is the row's operations over its wall time. */
export function tableRow({ operation, shoppers, samples, seconds }: Result): string[] {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const mean = sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length;
  return [
    operation,
    String(shoppers),
    String(sorted.length),
    String(samples.filter((sample) => sample.failure !== null).length),
    percentile(sorted, 0.5).toFixed(1),
    percentile(sorted, 0.99).toFixed(1),
    mean.toFixed(1),
    (sorted.length / seconds).toFixed(1),
  ];
}

export function printTable(results: Result[]): void {
  const rows = [HEADER, ...results.map(tableRow)];
  const widths = HEADER.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) {
    const cells = row.map((cell, column) =>
      column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
    );
    console.log(`  ${cells.join('  ')}`);
  }
}

/** Distinct failure messages with how often each came. */
export function printFailures(results: Result[]): void {
  for (const { operation, shoppers, samples } of results) {
    const counts = new Map<string, number>();
    for (const { failure } of samples) if (failure) counts.set(failure, (counts.get(failure) ?? 0) + 1);
    for (const [failure, count] of counts)
      console.log(`  ${operation} x${shoppers}: ${count} times ${failure}`);
  }
}
