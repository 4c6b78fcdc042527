import { MESSAGES, OPERATIONS_BASE_PATH } from '@storefront/contracts';
import type { Gateway } from '@storefront/gateway';
import type { IdentityEnv } from '@storefront/identity';
import type { Generations, RateLimiter } from '@storefront/shared-state';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import { z } from 'zod';
import type { StorefrontLoadContext } from '../../apps/storefront/app/lib/load-context';
import { cameOverHttps, clientAddress } from './client';
import { compressAnswers } from './compress-answers';
import { PAYMENTS_MOUNT } from './config';
import { legacyRedirect } from './legacy-redirects';
import type { Logger } from './logger';
import type { ServerMetrics } from './metrics';
import { observeRequests, type RouteVariables } from './observe-requests';
import { openApiRoutes } from './openapi-routes';
import { operationsOnly } from './operations-access';
import { serveOperationsApi } from './operations-api';
import { createPageCache, type PageCacheOptions } from './page-cache';
import { closeConnectionsWhenStopping, type Readiness } from './readiness';
import { routeLabeller } from './route-labels';
import { sameOriginWrites } from './same-origin';
import { documentPolicy, newCspNonce, nonceSource, securityHeaders, setOnAnswer } from './security-headers';
import { listClientFiles, staticFiles } from './static-files';

type FetchHandler = (request: Request) => Response | Promise<Response>;

export interface ServerParts {
  /** Takes each request with the client's address, which its promo-code look-up limit counts per guest. */
  gateway: Pick<Gateway, 'fetch' | 'resolveDomain' | 'loginInfo'>;
  gatewayApiKey: string;
  /** The embedded CRM; absent when CRM_URL points at an external one. */
  crm: { fetch: FetchHandler } | undefined;
  /**
   * The embedded user pools, answering under /identity; absent when IDENTITY_URL points elsewhere. Each
   * request comes with the client's address, which their per-address limit counts.
   */
  identity: ((request: Request, env: IdentityEnv) => Response | Promise<Response>) | undefined;
  /** The embedded tax service (AvaTax's REST v2) under /tax; absent when AVATAX_URL points elsewhere. */
  tax: FetchHandler | undefined;
  /**
   * The embedded payment provider, answering under /payments; absent when PAYMENTS_URL points elsewhere. It
   * keeps its own body limit, page policy and cross-site rule for the card form.
   */
  payments: FetchHandler | undefined;
  build: ServerBuild;
  /** The React Router client build: hashed assets and public files. */
  clientDir: string;
  mode: 'development' | 'production' | 'test';
  /** Believe X-Forwarded-For / X-Forwarded-Proto (see client.ts). */
  trustProxy: boolean;
  /** Hosts containing it answer the old site's paths with 301s to the new ones (spec P§2). */
  companyDomain: string;
  /** Pages kept for guests and by price context, and for how long (0: none are kept). */
  pageCache: Omit<PageCacheOptions, 'documentPolicy'>;
  /** The generations of what an account's kept pages show beyond its catalogue (its saved filters). */
  accountPages?: Generations;
  /** The bearer token of the operator's endpoints: /metrics and /operations/*. */
  operationsToken: string;
  /** This server's series, shown at /metrics. */
  metrics: ServerMetrics;
  /** Whether to send this instance traffic: /health/ready. */
  readiness: Readiness;
  /** The operator's endpoints under /operations (operations-routes.ts). */
  operations: Hono;
  /** The CRM's operations API for a storefront's systems (/operations/v1), and its shared rate limit. */
  operationsApi: { crm: FetchHandler; limiter: RateLimiter };
  logger: Logger;
}

type Variables = { requestId: string } & RouteVariables;

/** The web's forms and /api/domain carry a few fields; the gateway, identity and CRM keep limits of their own. */
const WEB_MAX_BODY_BYTES = 64 * 1024;
const webBodyLimit = bodyLimit({
  maxSize: WEB_MAX_BODY_BYTES,
  onError: (c) =>
    c.json(
      { message: `Request body too large: this storefront accepts at most ${WEB_MAX_BODY_BYTES / 1024} KB.` },
      413,
    ),
});

/**
 * How the web build makes a request's load context: React Router 8 takes only a RouterContextProvider, whose
 * values are found by the build's own context key, so the build's server entry exports the function that makes
 * it (apps/storefront/app/lib/load-context.ts).
 */
function loadContextMaker(build: ServerBuild): (values: StorefrontLoadContext) => RouterContextProvider {
  return serverEntryExport(build, 'storefrontLoadContext');
}

/**
 * The price context of a page request with cookies, as the web build decides it (the page cache's key for
 * signed-in buyers and returning guests; docs/decisions/0067-page-cache-by-price-context.md).
 */
function sharingContextOf(
  build: ServerBuild,
): (request: Request, context: RouterContextProvider) => Promise<string | null> {
  return serverEntryExport(build, 'pageSharingContext');
}

function serverEntryExport<F>(build: ServerBuild, name: string): F {
  const made = (build.entry.module as unknown as Record<string, unknown>)[name];
  if (typeof made !== 'function')
    throw new Error(`The web build's server entry exports no ${name}: run "npm run build" again.`);
  return made as F;
}

const domainRequest = z.object({ hostname: z.string().trim().min(1, 'hostname is required').max(253) });

/** One Hono app serving every part of the storefront from one process. */
export function createServerApp(parts: ServerParts): Hono<{ Variables: Variables }> {
  const app = new Hono<{ Variables: Variables }>();
  const { gateway, logger } = parts;

  app.use(observeRequests(parts.metrics, routeLabeller(parts.build)));
  app.use(closeConnectionsWhenStopping(parts.readiness));
  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    // Parts further in (gateway, SSR loaders) log under the same id.
    c.req.raw.headers.set('x-request-id', c.get('requestId'));
    await next();
    logger.info(
      {
        reqId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.onError((error, c) => {
    logger.error({ reqId: c.get('requestId'), err: error }, 'unhandled error');
    return c.json({ message: 'Internal Server Error' }, 500);
  });

  app.use(securityHeaders(parts.trustProxy));

  // /health answers before any storefront lookup (spec P§2): the process lives. Readiness asks its parts.
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/health/ready', async (c) => {
    const { ready, ...report } = await parts.readiness.report();
    return c.json(report, ready ? 200 : 503);
  });

  // The operator's endpoints, before any storefront lookup; the public gets 401 and nothing else.
  const operatorsOnly = operationsOnly(parts.operationsToken);
  // The operations API's keys are the storefronts' own (the CRM checks them), never the operator's token.
  app.all(
    `${OPERATIONS_BASE_PATH}/*`,
    serveOperationsApi(parts.operationsApi.crm, parts.operationsApi.limiter, (c) =>
      clientAddress(c, parts.trustProxy),
    ),
  );
  app.use('/metrics', operatorsOnly);
  app.use('/operations/*', operatorsOnly);
  app.get('/metrics', async (c) =>
    c.body(await parts.metrics.registry.metrics(), 200, {
      'Content-Type': parts.metrics.registry.contentType,
    }),
  );
  app.route('/operations', parts.operations);

  // The old site's links and bookmarks, before anything else could answer their paths.
  app.use(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const target = legacyRedirect(new URL(c.req.url), parts.companyDomain);
    if (!target) return next();
    c.set('route', 'legacy-redirect');
    return c.redirect(target, 301);
  });

  app.post('/api/domain', webBodyLimit, async (c) => {
    const body = domainRequest.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return c.json({ message: body.error.issues[0]?.message ?? 'hostname is required' }, 400);
    const details = await gateway.resolveDomain(body.data.hostname);
    return details ? c.json(details) : c.json({ message: MESSAGES.storefrontNotFound }, 404);
  });

  // The gateway learns who is calling from the connection, never from a header the client could write.
  const gatewayConnection = (c: Context) => ({ clientAddress: clientAddress(c, parts.trustProxy) });
  app.all('/graphql', (c) => gateway.fetch(c.req.raw, gatewayConnection(c)));

  const { crm, identity, tax, payments } = parts;
  if (crm) app.all('/services/apexrest/*', (c) => crm.fetch(c.req.raw));
  if (tax) app.all('/tax/*', (c) => tax(c.req.raw));
  if (payments) app.all(`${PAYMENTS_MOUNT}/*`, (c) => payments(c.req.raw));
  if (identity) {
    const toIdentity = (c: Context) =>
      identity(c.req.raw, { clientAddress: clientAddress(c, parts.trustProxy) });
    app.all('/identity', toIdentity);
    app.all('/identity/*', toIdentity);
  }

  app.use('*', compressAnswers());
  // The published contracts (docs/decisions/0059-openapi.md): public, for integrators.
  app.route('/openapi', openApiRoutes());
  // Vite puts a content hash in every asset name, so they never change; public files may.
  const clientFiles = listClientFiles(parts.clientDir);
  app.use('/assets/*', staticFiles(parts.clientDir, clientFiles, 'public, max-age=31536000, immutable'));
  app.use('*', staticFiles(parts.clientDir, clientFiles, 'public, max-age=3600'));

  const handleDocument = createRequestHandler(parts.build, parts.mode);
  const storefrontLoadContext = loadContextMaker(parts.build);
  const pageSharingContext = sharingContextOf(parts.build);
  const loadContext = {
    resolveDomain: (hostname: string) => gateway.resolveDomain(hostname),
    gatewayApiKey: parts.gatewayApiKey,
    accountPages: parts.accountPages && {
      generation: (accountId: string) => parts.accountPages?.current(accountId) ?? Promise.resolve(''),
      changed: (accountId: string) => parts.accountPages?.advance(accountId) ?? Promise.resolve(),
    },
  };
  const resourcesDomainOf = async (request: Request) =>
    (await gateway.resolveDomain(new URL(request.url).host).catch(() => null))?.resourcesDomain;
  const pages = createPageCache({
    ...parts.pageCache,
    documentPolicy: async (request, hashes) => documentPolicy(hashes, await resourcesDomainOf(request)),
  });
  // Every page, form and cart change; the gateway and identity above have their API-key and CORS rules.
  // A GET or HEAD carries no body to limit: the limit's wrapper would only build a Request for nothing.
  app.use('*', sameOriginWrites(parts.trustProxy), (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : webBodyLimit(c, next),
  );
  app.all('*', async (c) => {
    const cspNonce = newCspNonce();
    const overHttps = cameOverHttps(c, parts.trustProxy);
    // The page's gateway calls are made for this browser: they count against its address.
    const gatewayFetch = (request: Request) => gateway.fetch(request, gatewayConnection(c));
    const gatewayPort = { loginInfo: (request: Request) => gateway.loginInfo(request, gatewayConnection(c)) };
    const values = { ...loadContext, gatewayFetch, gatewayPort, cspNonce, overHttps };
    c.res = await pages.serve(
      c.req.raw,
      overHttps ? 'https' : 'http',
      ({ whole, shared }) =>
        handleDocument(
          c.req.raw,
          storefrontLoadContext({ ...values, renderWhole: whole, renderShared: shared }),
        ),
      () => pageSharingContext(c.req.raw, storefrontLoadContext(values)),
    );
    // Through the context: a resource route's own Response may have immutable headers. A resource with a
    // policy of its own (a generated picture: no script at all, a stored page: its scripts' hashes) keeps it.
    if (!c.res.headers.has('Content-Security-Policy'))
      setOnAnswer(
        c,
        'Content-Security-Policy',
        documentPolicy([nonceSource(cspNonce)], await resourcesDomainOf(c.req.raw)),
      );
    return c.res;
  });
  return app;
}
