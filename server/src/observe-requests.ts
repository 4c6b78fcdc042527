import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  trace,
} from '@opentelemetry/api';
import type { MiddlewareHandler } from 'hono';
import type { ServerMetrics } from './metrics';
import type { RouteLabeller } from './route-labels';

/** With tracing on, each request is the server span every part's spans (gateway, CRM, database) nest under. */
const tracer = trace.getTracer('@storefront/server');

const headerGetter: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
};

/** What a handler further in may name as the request's route label (static files, old links). */
export type RouteVariables = { route?: string };

/**
 * Times every request into the metrics under its route label, and makes it a span: a child of the caller's
 * when a `traceparent` header came with it (another part of the storefront calling over HTTP).
 */
export function observeRequests(
  metrics: ServerMetrics,
  routeOf: RouteLabeller,
): MiddlewareHandler<{ Variables: RouteVariables }> {
  return async (c, next) => {
    const started = performance.now();
    const answered = metrics.requestStarted();
    const method = c.req.method;
    const caller = propagation.extract(context.active(), c.req.raw.headers, headerGetter);
    await tracer.startActiveSpan(method, { kind: SpanKind.SERVER }, caller, async (span) => {
      try {
        await next();
      } finally {
        const route = c.get('route') ?? routeOf(c.req.path);
        const status = c.res.status;
        span.updateName(`${method} ${route}`);
        span.setAttributes({
          'http.request.method': method,
          'http.route': route,
          'http.response.status_code': status,
        });
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
        const seconds = (performance.now() - started) / 1000;
        answered({ method, route, status, seconds, pageCache: c.res.headers.get('x-page-cache') });
      }
    });
  };
}
