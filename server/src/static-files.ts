import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';

/**
 * The client build's files as URL paths ("/assets/root-3f2a.js"), listed once at start-up: the build does not
 * change while the server runs, and asking the disk whether a page's path is a file cost a `statSync` on
 * every page request.
 */
export function listClientFiles(root: string): ReadonlySet<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(root, join(entry.parentPath, entry.name));
    files.add(`/${path.split(sep).join('/')}`);
  }
  return files;
}

/**
 * Serves the listed files with their cache policy; any other path goes on to the next handler untouched. The
 * policy is set on the answer itself: serveStatic's onFound runs after its answer is made, too late for it.
 */
export function staticFiles<E extends { Variables: { route?: string } }>(
  root: string,
  files: ReadonlySet<string>,
  cacheControl: string,
): MiddlewareHandler<E> {
  const serve = serveStatic<E>({ root });
  return async (c, next) => {
    if (!files.has(c.req.path)) return next();
    const answer = await serve(c, next);
    if (answer) {
      answer.headers.set('Cache-Control', cacheControl);
      c.set('route', 'static');
    }
    return answer;
  };
}
