/**
 * Throughput of each page type against a running deployment, for the capacity note (docs/capacity.md):
 * guest product page, category page with a filter and a sort, signed-in product page, adding a cart line and
 * a cached gateway read, each with autocannon at CAPACITY_CONNECTIONS connections (default 20) for
 * CAPACITY_SECONDS (default 10) after a 3 s warm-up. Start the cluster first (`npm run start:cluster`), then
 * `npm run bench:capacity` (CAPACITY_URL, default http://localhost:3000: the load balancer).
 *
 * Besides requests per second it prints requests per CPU-second of the storefront instances, read from
 * /proc for the process ids in cluster/instances.pid (written by the cluster script): on a machine shared
 * with other work, or with the load generator, that is the figure that says what one core of an instance serves.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import autocannon from 'autocannon';
import { processCpuSeconds } from './process-cpu';
import { signedInBuyer } from './visitors';

const BASE_URL = (process.env.CAPACITY_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const CONNECTIONS = Number(process.env.CAPACITY_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 10);
const API_KEY = process.env.GATEWAY_API_KEY ?? 'da2-bionova-storefront-local';
/** A demo portal user of the guest storefront (server/src/demo-users.ts). */
const CATEGORY = '/flow-cytometry?Species=Human&sort=price-asc';

type Request = Pick<autocannon.Options, 'method' | 'headers' | 'body' | 'setupClient'>;

interface Row {
  name: string;
  rps: number;
  /** Requests answered per CPU-second the instances spent; NaN without their process ids. */
  perCpuSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

const PID_FILE = 'cluster/instances.pid';
const instancePids = existsSync(PID_FILE) ? readFileSync(PID_FILE, 'utf8').split(/\s+/).filter(Boolean) : [];

async function measure(name: string, path: string, request: Request = {}): Promise<Row> {
  const options = { url: `${BASE_URL}${path}`, connections: CONNECTIONS, ...request };
  await autocannon({ ...options, duration: 3 });
  const cpuBefore = processCpuSeconds(instancePids);
  const result = await autocannon({ ...options, duration: SECONDS });
  const cpuSeconds = processCpuSeconds(instancePids) - cpuBefore;
  return {
    name,
    rps: result.requests.average,
    perCpuSecond: instancePids.length > 0 ? result.requests.total / cpuSeconds : Number.NaN,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function json<T>(path: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${BASE_URL}${path}`, init);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The guest storefront of localhost: its app client, guest account and one product. */
async function findStorefront() {
  const storefront = await json<{ storefrontId: string; guestAccountId: string; clientId: string }>(
    '/api/domain',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"hostname":"localhost"}' },
  );
  const home = await (await fetch(`${BASE_URL}/`)).text();
  const productPath = home.match(/href="(\/product\/[^"]+)"/)?.[1];
  if (!productPath) throw new Error('The home page links to no product page');
  return { ...storefront, productPath };
}

/** A makeCall through the gateway as a guest of the storefront, as the browser sends it. */
function gatewayCall(
  storefront: { storefrontId: string; guestAccountId: string },
  type: string,
  payload: object,
): Request {
  const data = JSON.stringify({
    callType: 'POST',
    endpoint: `/services/apexrest/ecommerce?type=${type}`,
    payload: JSON.stringify({
      storefrontId: storefront.storefrontId,
      accountId: storefront.guestAccountId,
      ...payload,
    }),
  });
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify({
      query: 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }',
      variables: { data },
    }),
  };
}

const storefront = await findStorefront();
const itemId = (await json<{ data: { salesforceActions: string } }>('/graphql', {
  ...gatewayCall(storefront, 'retrieveCatalogNG', { pageSize: 1 }),
} as RequestInit).then(({ data }) => JSON.parse(data.salesforceActions).content.items[0]?.id)) as string;
const { cookie } = await signedInBuyer(BASE_URL);
const addLine = gatewayCall(storefront, 'saveItemToQuoteBlink', { catalogItemId: itemId, qty: 1 });

const rows = [
  await measure('guest product page', storefront.productPath),
  await measure('category, filter and sort', CATEGORY),
  await measure('signed-in product page', storefront.productPath, { headers: { cookie } }),
  await measure('add line (gateway)', '/graphql', {
    ...addLine,
    // Each connection is a shopper with a cart of its own, as browsers are.
    setupClient: (client) =>
      client.setHeaders({ ...addLine.headers, 'x-guest-cart': randomBytes(32).toString('base64url') }),
  }),
  await measure(
    'gateway cached read',
    '/graphql',
    gatewayCall(storefront, 'retrieveCatalogNG', { pageSize: 12 }),
  ),
];

const cores = availableParallelism();
console.log(
  `\n${BASE_URL}, ${CONNECTIONS} connections, ${SECONDS} s each after 3 s warm-up; ${cores} cores (${cpus()[0]?.model.trim()})`,
);
console.log(
  instancePids.length > 0
    ? `  req per CPU-s: requests over the CPU seconds of the ${instancePids.length} instances in ${PID_FILE}`
    : `  req per CPU-s: n/a (no ${PID_FILE}: start the cluster with npm run start:cluster)`,
);
console.log('  page type                   req/s  req/s/core  req per CPU-s  p50 ms  p99 ms  failed');
for (const row of rows) {
  console.log(
    `  ${row.name.padEnd(26)}${row.rps.toFixed(0).padStart(7)}${(row.rps / cores).toFixed(0).padStart(12)}` +
      `${row.perCpuSecond.toFixed(0).padStart(15)}` +
      `${String(row.p50).padStart(8)}${String(row.p99).padStart(8)}${String(row.failed).padStart(8)}`,
  );
}
