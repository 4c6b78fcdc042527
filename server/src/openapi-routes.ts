import { OPENAPI_DOCUMENTS, type OpenApiDocumentName, openApiJson } from '@storefront/contracts/openapi';
import { Hono } from 'hono';
import type { RouteVariables } from './observe-requests';

/** Long enough for a client reading the document twice, short enough that a new release is seen soon. */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * GET /openapi/operations.json and /openapi/crm.json: the published contracts (docs/decisions/0059-openapi.md),
 * public, for integrators to read instead of the source. Each is generated from the zod schemas on its first
 * request and kept: the same text as docs/openapi/<name>.json, which a test holds equal to the generator's.
 */
export function openApiRoutes(): Hono<{ Variables: RouteVariables }> {
  const routes = new Hono<{ Variables: RouteVariables }>();
  for (const name of Object.keys(OPENAPI_DOCUMENTS) as OpenApiDocumentName[]) {
    let json: string | undefined;
    routes.get(`/${name}.json`, (c) => {
      c.set('route', 'openapi');
      json ??= openApiJson(name);
      return c.body(json, 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': CACHE_CONTROL,
      });
    });
  }
  return routes;
}
