import type { DatabaseActivity } from '@storefront/database';
import type { GatewayObserver } from '@storefront/gateway';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a cached gateway read (well under 5 ms) to a slow checkout or a CRM timeout (15 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

/** One request as the web answered it; `route` is a label from a fixed set, never the raw path. */
export interface RequestObservation {
  method: string;
  route: string;
  status: number;
  seconds: number;
  /** The guest page cache's part in it (its x-page-cache header), when it took part. */
  pageCache: string | null;
}

/**
 * The series `/metrics` shows (docs/decisions/0046-metrics-traces-and-shutdown.md), in a registry of this
 * server's own: two servers in one process (tests) count apart.
 */
export interface ServerMetrics {
  readonly registry: Registry;
  /** Told of every root field and CRM call the gateway answers. */
  readonly gateway: GatewayObserver;
  /** Counts a request while it is in flight; call the answer when it is answered. */
  requestStarted(): (observation: RequestObservation) => void;
  /** Requests taken and not yet answered, now: what a shutdown waits for. */
  requestsInFlight(): number;
  /** Reads the database's activity at each scrape. */
  watchDatabase(engine: string, activity: () => DatabaseActivity): void;
}

export function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  // Process and runtime: resident memory, heap, event-loop lag, garbage collection, handles.
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route (a route id or a part of the server) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  let requestsInFlight = 0;
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests received and not yet answered.',
    registers: [registry],
    collect() {
      this.set(requestsInFlight);
    },
  });
  const pageCache = new Counter({
    name: 'page_cache_requests_total',
    help: 'Guest pages answered through the page cache, by result (hit or miss).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const operations = new Histogram({
    name: 'gateway_operation_duration_seconds',
    help: 'Time to answer a gateway root field, by field, the CRM type it called and its use of the cache.',
    labelNames: ['field', 'crm_type', 'cache'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const gatewayCache = new Counter({
    name: 'gateway_cache_requests_total',
    help: 'Cacheable gateway reads, by field and result (hit or miss); hit ratio: hits over the sum.',
    labelNames: ['field', 'result'] as const,
    registers: [registry],
  });
  const crmCalls = new Histogram({
    name: 'crm_request_duration_seconds',
    help: 'Time of a CRM call as the gateway waits for it, retries included, by CRM type and status.',
    labelNames: ['crm_type', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  const gateway: GatewayObserver = {
    operation: ({ field, crmType, cache, seconds }) => {
      operations.observe({ field, crm_type: crmType ?? '', cache }, seconds);
      if (cache !== 'none') gatewayCache.inc({ field, result: cache });
    },
    crmCall: ({ crmType, status, seconds }) =>
      crmCalls.observe({ crm_type: crmType, status: String(status) }, seconds),
  };

  return {
    registry,
    gateway,
    requestStarted() {
      requestsInFlight++;
      return ({ method, route, status, seconds, pageCache: cacheResult }) => {
        requestsInFlight--;
        requests.observe({ method, route, status: String(status) }, seconds);
        if (cacheResult === 'hit' || cacheResult === 'miss') pageCache.inc({ result: cacheResult });
      };
    },
    requestsInFlight: () => requestsInFlight,
    watchDatabase(engine, activity) {
      new Gauge({
        name: 'database_queries_in_progress',
        help: 'Queries sent to the database and not yet answered: running, or waiting for the engine or a connection.',
        labelNames: ['engine'] as const,
        registers: [registry],
        collect() {
          this.set({ engine }, activity().queriesInProgress);
        },
      });
      new Gauge({
        name: 'database_connections_max',
        help: "How many queries the database runs at once: PGlite's one engine, or the PostgreSQL pool's size.",
        labelNames: ['engine'] as const,
        registers: [registry],
        collect() {
          this.set({ engine }, activity().connections);
        },
      });
    },
  };
}
