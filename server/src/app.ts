import { serveStatic } from '@hono/node-server/serve-static';
import type { DomainDetails } from '@storefront/contracts';
import { MESSAGES } from '@storefront/contracts';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { z } from 'zod';
import type { Logger } from './logger';

type FetchHandler = (request: Request) => Response | Promise<Response>;

export interface ServerParts {
  gateway: { fetch: FetchHandler; resolveDomain(hostname: string): Promise<DomainDetails | null> };
  gatewayApiKey: string;
  /** The embedded CRM; absent when CRM_URL points at an external one. */
  crm: { fetch: FetchHandler } | undefined;
  /** The embedded user pools, answering under /identity; absent when IDENTITY_URL points elsewhere. */
  identity: FetchHandler | undefined;
  build: ServerBuild;
  /** The React Router client build: hashed assets and public files. */
  clientDir: string;
  mode: 'development' | 'production' | 'test';
  /** Believe X-Forwarded-For / X-Forwarded-Proto (see client.ts). */
  trustProxy: boolean;
  logger: Logger;
}

function staticFiles(root: string, cacheControl: string) {
  return serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', cacheControl) });
}

const domainRequest = z.object({ hostname: z.string().trim().min(1, 'hostname is required').max(253) });

/** One Hono app serving every part of the storefront from one process. */
export function createServerApp(parts: ServerParts): Hono<{ Variables: { requestId: string } }> {
  const app = new Hono<{ Variables: { requestId: string } }>();
  const { gateway, logger } = parts;

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

  // /health answers before any storefront lookup (spec P§2).
  app.get('/health', (c) => c.json({ status: 'ok' }));

  app.post('/api/domain', async (c) => {
    const body = domainRequest.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return c.json({ message: body.error.issues[0]?.message ?? 'hostname is required' }, 400);
    const details = await gateway.resolveDomain(body.data.hostname);
    return details ? c.json(details) : c.json({ message: MESSAGES.storefrontNotFound }, 404);
  });

  app.all('/graphql', (c) => gateway.fetch(c.req.raw));

  const { crm, identity } = parts;
  if (crm) app.all('/services/apexrest/*', (c) => crm.fetch(c.req.raw));
  if (identity) {
    app.all('/identity', (c) => identity(c.req.raw));
    app.all('/identity/*', (c) => identity(c.req.raw));
  }

  app.use('*', compress());
  // Vite puts a content hash in every asset name, so they never change; public files may.
  app.use('/assets/*', staticFiles(parts.clientDir, 'public, max-age=31536000, immutable'));
  app.use('*', staticFiles(parts.clientDir, 'public, max-age=3600'));

  const handleDocument = createRequestHandler(parts.build, parts.mode);
  const loadContext = {
    gatewayFetch: async (request: Request) => gateway.fetch(request),
    resolveDomain: (hostname: string) => gateway.resolveDomain(hostname),
    gatewayApiKey: parts.gatewayApiKey,
  };
  app.all('*', (c) => handleDocument(c.req.raw, loadContext));
  return app;
}
