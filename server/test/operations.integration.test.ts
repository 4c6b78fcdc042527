import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { DomainDetails } from '@storefront/contracts';
import { seedDataDir } from '@storefront/crm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Storefront, startStorefront } from '../src/compose';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { registerTracing, type StopTracing } from '../src/tracing';

/**
 * The operator's view of one composed server on an embedded database: /metrics behind its token, a trace
 * through every part, and readiness. Tracing is registered first, as main.ts does when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, with an in-memory exporter in place of the collector.
 */

const TOKEN = 'operations-token-of-this-test-0123456789';
const API_KEY = 'da2-bionova-storefront-local';
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-operations-'));
const spans = new InMemorySpanExporter();
let stopTracing: StopTracing;
let storefront: Storefront;
let guestStorefront: DomainDetails;

const get = (path: string, headers: Record<string, string> = {}) =>
  storefront.app.request(`http://localhost${path}`, { headers });
const metrics = (authorization?: string) => get('/metrics', authorization ? { authorization } : {});

/** A guest's makeCall through the gateway, as the storefront's pages send it. */
async function guestCall(type: string, payload: Record<string, unknown>, guestCart: string) {
  const response = await storefront.app.request('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY, 'x-guest-cart': guestCart },
    body: JSON.stringify({
      query: 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }',
      variables: {
        data: JSON.stringify({
          callType: 'POST',
          endpoint: `/services/apexrest/ecommerce?type=${type}`,
          payload: JSON.stringify({
            storefrontId: guestStorefront.storefrontId,
            accountId: guestStorefront.guestAccountId,
            ...payload,
          }),
        }),
      },
    }),
  });
  const body = (await response.json()) as { data: { salesforceActions: string } };
  return JSON.parse(body.data.salesforceActions) as { statusCode: number };
}

beforeAll(async () => {
  stopTracing = registerTracing(new SimpleSpanProcessor(spans));
  await seedDataDir(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', OPERATIONS_TOKEN: TOKEN });
  storefront = await startStorefront(config, createLogger('silent'));
  const domain = await storefront.app.request('http://localhost/api/domain', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hostname: 'localhost' }),
  });
  guestStorefront = (await domain.json()) as DomainDetails;
}, 120_000);

afterAll(async () => {
  await storefront?.close();
  await stopTracing?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a trace', () => {
  it("follows a guest's page from the web through the gateway and the CRM to the database", async () => {
    spans.reset();
    const page = await get('/');
    expect(page.status).toBe(200);
    await page.text();

    const finished = spans.getFinishedSpans();
    const web = finished.find((span) => span.name === 'GET index');
    if (!web) throw new Error(`no span of the page among ${finished.map((span) => span.name).join(', ')}`);
    const trace = finished.filter((span) => span.spanContext().traceId === web.spanContext().traceId);
    const byId = new Map(trace.map((span) => [span.spanContext().spanId, span]));
    /** The span's own name, then its parent's, up to the trace's root. */
    const ancestry = (span: ReadableSpan): string[] => {
      const parent = byId.get(span.parentSpanContext?.spanId ?? '');
      return [span.name, ...(parent ? ancestry(parent) : [])];
    };

    const query = trace.find((span) => span.name.startsWith('db ') && ancestry(span).some(isCrmType));
    if (!query)
      throw new Error(`no CRM query in the page's trace: ${trace.map((span) => span.name).join(', ')}`);
    const chain = ancestry(query);
    // Database → CRM type → gateway field → the page request, which is the trace's root.
    expect(chain.findIndex(isCrmType)).toBeGreaterThan(0);
    expect(chain.findIndex((name) => name.startsWith('gateway '))).toBeGreaterThan(
      chain.findIndex(isCrmType),
    );
    expect(chain.at(-1)).toBe('GET index');
    expect(web.parentSpanContext).toBeUndefined();
    expect(query.attributes['db.query.text']).toEqual(expect.any(String));
  });
});

const isCrmType = (name: string) => name.startsWith('crm ');

describe('a cached read asked again over HTTP', () => {
  /** The series' value now, 0 before it was first counted. */
  const counted = (metricsText: string, series: string) =>
    Number(
      metricsText
        .split('\n')
        .find((line) => line.startsWith(`${series} `))
        ?.split(' ')[1] ?? 0,
    );
  const cacheHits = 'gateway_cache_requests_total{field="salesforceActions",result="hit"}';

  it('answers the same bytes each time, each read counted and traced as the gateway field it is', async () => {
    const server = serve({ fetch: storefront.app.fetch, hostname: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const read = async () => {
        const response = await fetch(`http://localhost:${port}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
          body: JSON.stringify({
            query: 'query Call($data: AWSJSON) { salesforceActions(action: "makeCall", data: $data) }',
            variables: {
              data: JSON.stringify({
                callType: 'POST',
                endpoint: '/services/apexrest/ecommerce?type=retrieveCatalogNG',
                payload: JSON.stringify({ storefrontId: guestStorefront.storefrontId, pageSize: 4 }),
              }),
            },
          }),
        });
        const headers = [...response.headers].filter(([name]) => name !== 'date');
        return { status: response.status, headers, body: await response.text() };
      };
      const hitsBefore = counted(await (await metrics(`Bearer ${TOKEN}`)).text(), cacheHits);
      spans.reset();
      const answers = [await read(), await read(), await read()];

      expect(answers[0]?.status).toBe(200);
      expect(answers[0]?.headers).toContainEqual(['x-content-type-options', 'nosniff']);
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      const hitsAfter = counted(await (await metrics(`Bearer ${TOKEN}`)).text(), cacheHits);
      expect(hitsAfter - hitsBefore).toBeGreaterThanOrEqual(2);
      const finished = spans.getFinishedSpans();
      const fields = finished.filter((span) => span.name === 'gateway salesforceActions');
      expect(fields).toHaveLength(3);
      for (const field of fields) {
        const request = finished.find(
          (span) => span.spanContext().spanId === field.parentSpanContext?.spanId,
        );
        expect(request?.name).toBe('POST graphql');
      }
      expect(fields.at(-1)?.attributes['gateway.cache']).toBe('hit');
    } finally {
      server.close();
    }
  });
});

describe('/metrics', () => {
  it('refuses the public: no token or another token gets 401 and no series', async () => {
    for (const authorization of [undefined, 'Bearer not-the-operations-token-at-all', `Basic ${TOKEN}`]) {
      const response = await metrics(authorization);
      expect(response.status).toBe(401);
      const body = await response.text();
      expect(body).not.toMatch(/http_request_duration_seconds|process_resident_memory_bytes|# HELP/);
    }
  });

  it('shows the operator requests by route, gateway fields, the cache, CRM types, the database and the process', async () => {
    const cart = 'a-guest-cart-secret-of-the-metrics-test-0123';
    await get('/');
    expect((await guestCall('startNewCart', {}, cart)).statusCode).toBe(200);
    // The same read twice: the second is served from the gateway's cache.
    await guestCall('retrieveCatalogNG', { pageSize: 3 }, cart);
    await guestCall('retrieveCatalogNG', { pageSize: 3 }, cart);

    const response = await metrics(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = await response.text();
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="index",status="200"\} \d+/,
    );
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="graphql",status="200"\} \d+/,
    );
    expect(body).toMatch(/http_requests_in_flight \d+/);
    expect(body).toMatch(
      /gateway_operation_duration_seconds_count\{field="salesforceActions",crm_type="startNewCart",cache="none"\} 1/,
    );
    expect(body).toMatch(/gateway_cache_requests_total\{field="salesforceActions",result="hit"\} [1-9]/);
    expect(body).toMatch(/gateway_cache_requests_total\{field="salesforceActions",result="miss"\} [1-9]/);
    expect(body).toMatch(/crm_request_duration_seconds_count\{crm_type="startNewCart",status="200"\} 1/);
    expect(body).toMatch(/database_queries_in_progress\{engine="pglite"\} \d+/);
    expect(body).toMatch(/database_connections_max\{engine="pglite"\} 1/);
    expect(body).toMatch(/page_cache_requests_total\{result="(hit|miss)"\} [1-9]/);
    expect(body).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(body).toMatch(/process_resident_memory_bytes \d+/);
    expect(body).toMatch(/nodejs_heap_size_used_bytes \d+/);
    // Labels come from the route table, never from a raw path.
    expect(body).not.toContain('route="/');
  });
});

describe('readiness', () => {
  it('is ready while the database answers, and liveness answers too', async () => {
    const ready = await get('/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    expect((await get('/health')).status).toBe(200);
  });

  it('is not ready once shutdown began, and every answer then closes its connection', async () => {
    storefront.stopping();
    const ready = await get('/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'stopping' });
    expect(ready.headers.get('connection')).toBe('close');
    const health = await get('/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');
  });
});
