import { type CrmDatabase, createOperationsKey, findStorefrontAt } from '@storefront/crm';
import type { Database } from '@storefront/database';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';

/** What an operator of a PostgreSQL-backed storefront is told to use instead of an embedded backup. */
export const POSTGRES_BACKUP_ADVICE =
  'This storefront keeps its data in PostgreSQL (DATABASE_URL): back it up with pg_dump -Fc and restore it with pg_restore (see the README).';

/**
 * The operator's endpoints under /operations, mounted behind the operations token. POST /keys makes a storefront's
 * operations key (for its ERP). POST /backup answers the
 * embedded database as a gzipped tarball, taken consistently while the storefront keeps serving; GET /memory
 * what this process holds (bytes), which the soak benchmark samples.
 */
const noNul = (text: string) => !text.includes('\u0000');
const keyRequest = z.object({
  storefront: z
    .string()
    .trim()
    .min(1, 'name the storefront by its host')
    .max(253)
    .refine(noNul, 'must not contain NUL'),
  name: z.string().trim().min(1).max(64).refine(noNul, 'must not contain NUL').default('ERP'),
});
/** A key request is two short names. */
const keyBodyLimit = bodyLimit({
  maxSize: 4 * 1024,
  onError: (c) => c.json({ message: 'The request body is larger than 4 KB.' }, 413),
});

export function operationsRoutes(database: Database | undefined, crm: CrmDatabase | undefined): Hono {
  const routes = new Hono();
  // An operations key for a storefront's systems, made by the operator (npm run storefront -- key does the same
  // while no storefront runs on the embedded database).
  routes.post('/keys', keyBodyLimit, async (c) => {
    if (!crm) return c.json({ message: 'The CRM at CRM_URL makes its own operations keys.' }, 409);
    const body = keyRequest.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return c.json(
        { message: body.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') },
        400,
      );
    const storefront = await findStorefrontAt(crm.db, body.data.storefront);
    if (!storefront) return c.json({ message: `No storefront answers at ${body.data.storefront}.` }, 404);
    return c.json({
      storefront: storefront.name,
      key: await createOperationsKey(crm.db, storefront.id, body.data.name),
    });
  });
  routes.post('/backup', async (c) => {
    if (!database)
      return c.json(
        { message: 'This storefront has no database of its own: its CRM and user pools are external.' },
        409,
      );
    if (!database.backup) return c.json({ message: POSTGRES_BACKUP_ADVICE }, 409);
    const tarball = await database.backup();
    return new Response(tarball.stream(), {
      headers: {
        'content-type': 'application/gzip',
        'content-length': String(tarball.size),
        'content-disposition': 'attachment; filename="storefront.tar.gz"',
        'cache-control': 'no-store',
      },
    });
  });
  routes.get('/memory', (c) =>
    c.json({ ...process.memoryUsage(), pgliteWasm: database?.wasmMemoryBytes?.() ?? null }),
  );
  return routes;
}
