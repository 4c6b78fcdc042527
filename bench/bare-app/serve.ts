/**
 * The truly bare React Router app (bench/bare-app, built by `react-router build` into bench/bare-app/build),
 * served exactly as the storefront's server mounts React Router (server/src/app.ts) and with nothing else: hono's
 * compress, the hashed assets (immutable) and the public files, and the request handler with a load context
 * made per request. No request id, no logging, no headers middleware, no gateway. Run in a process of its own:
 * `node --import tsx bench/bare-app/serve.ts` with PORT (default 3299).
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';

const buildDir = fileURLToPath(new URL('./build/', import.meta.url));
const build = (await import(pathToFileURL(`${buildDir}server/index.js`).href)) as ServerBuild;
const clientDir = `${buildDir}client`;
const mode = process.env.NODE_ENV === 'production' ? 'production' : 'development';

function staticFiles(root: string, cacheControl: string) {
  return serveStatic({
    root,
    onFound: (_path, c) => {
      c.header('Cache-Control', cacheControl);
    },
  });
}

const app = new Hono();
app.use('*', compress());
app.use('/assets/*', staticFiles(clientDir, 'public, max-age=31536000, immutable'));
app.use('*', staticFiles(clientDir, 'public, max-age=3600'));
const handleDocument = createRequestHandler(build, mode);
// A load context made per request, as the storefront's server makes one; this app reads nothing from it.
app.all('*', (c) => handleDocument(c.req.raw, new RouterContextProvider()));

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3299) });
