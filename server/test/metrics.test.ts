import { describe, expect, it } from 'vitest';
import { createServerMetrics } from '../src/metrics';

describe("a server's metrics", () => {
  it('count apart from another server in the same process', async () => {
    const first = createServerMetrics();
    const second = createServerMetrics();
    first.requestStarted()({ method: 'GET', route: 'cart', status: 200, seconds: 0.02, pageCache: null });
    first.gateway.operation({
      field: 'salesforceActions',
      crmType: 'getQuoteItems',
      cache: 'hit',
      status: 200,
      seconds: 0.001,
    });

    const shown = await first.registry.metrics();
    expect(shown).toContain('http_request_duration_seconds_count{method="GET",route="cart",status="200"} 1');
    expect(shown).toContain('gateway_cache_requests_total{field="salesforceActions",result="hit"} 1');
    const other = await second.registry.metrics();
    expect(other).not.toContain('route="cart"');
    expect(other).not.toContain('result="hit"');
    expect(other).toContain('process_resident_memory_bytes');
  });

  it('show the requests in flight until each is answered', async () => {
    const metrics = createServerMetrics();
    const answer = metrics.requestStarted();
    expect(metrics.requestsInFlight()).toBe(1);
    expect(await metrics.registry.metrics()).toContain('http_requests_in_flight 1');
    answer({ method: 'POST', route: 'graphql', status: 200, seconds: 0.01, pageCache: null });
    expect(metrics.requestsInFlight()).toBe(0);
    expect(await metrics.registry.metrics()).toContain('http_requests_in_flight 0');
  });
});
