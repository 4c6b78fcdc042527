import type { Database } from '@storefront/database';
import { Hono } from 'hono';

/** What an operator of a PostgreSQL-backed storefront is told to use instead of an embedded backup. */
export const POSTGRES_BACKUP_ADVICE =
  'This storefront keeps its data in PostgreSQL (DATABASE_URL): back it up with pg_dump -Fc and restore it with pg_restore (see the README).';

/**
 * The operator's endpoints under /operations, mounted behind the operations token. POST /backup answers the
 * embedded database as a gzipped tarball, taken consistently while the storefront keeps serving; GET /memory
 * what this process holds (bytes), which the soak benchmark samples.
 */
export function operationsRoutes(database: Database | undefined): Hono {
  const routes = new Hono();
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
