/**
 * SSR throughput of a product page against a bare React Router page served by the same server, and the
 * client JavaScript a product page loads. Run on demand after a build: `npm run bench`.
 */
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { startBenchServer } from './server';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
/** An error page: rendered by the same root and document, with no blocks and no CRM data. */
const BARE_PAGE = '/404';

async function findProductPath(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const match = html.match(/href="(\/product\/[^"]+)"/);
  if (!match?.[1]) throw new Error('The home page links to no product page');
  return match[1];
}

async function measure(url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up: JIT and the gateway cache
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
  };
}

async function clientScriptBytes(pageUrl: string, baseUrl: string) {
  const html = await (await fetch(pageUrl)).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(
    /<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g,
  )) {
    if (match[1]) sources.add(match[1]);
  }
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)|import "([^"]+\.js)"/g)) {
    const source = match[1] ?? match[2];
    if (source) sources.add(source);
  }
  let raw = 0;
  let gzip = 0;
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(new URL(source, baseUrl))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: sources.size, raw, gzip };
}

const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3200));
try {
  const productPath = await findProductPath(server.baseUrl);
  const product = await measure(`${server.baseUrl}${productPath}`);
  const bare = await measure(`${server.baseUrl}${BARE_PAGE}`);
  const js = await clientScriptBytes(`${server.baseUrl}${productPath}`, server.baseUrl);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`\nSSR, ${CONNECTIONS} connections, ${DURATION_S} s each (${productPath})`);
  console.log(
    `  product page:     ${product.rps.toFixed(0)} req/s  p50 ${product.p50} ms  p99 ${product.p99} ms`,
  );
  console.log(
    `  bare page ${BARE_PAGE}:  ${bare.rps.toFixed(0)} req/s  p50 ${bare.p50} ms  p99 ${bare.p99} ms`,
  );
  console.log(`  ratio product/bare: ${(product.rps / bare.rps).toFixed(2)} (target >= 0.8)`);
  console.log(
    `Client JS of the product page: ${js.files} files, ${kb(js.raw)} raw, ${kb(js.gzip)} gzip (target <= 110 KB)`,
  );
} finally {
  await server.stop();
}
