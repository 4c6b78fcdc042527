import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { serverContext } from './lib/load-context';

/** The server makes each request's load context with the build's own context key (lib/load-context.ts). */
export { storefrontLoadContext } from './lib/load-context';
/** The server's page cache keys a page request with cookies by its price context (lib/page-sharing.server.ts). */
export { pageSharingContext } from './lib/page-sharing.server';

export const streamTimeout = 5_000;

/**
 * React Router's default document render, plus the server's Content-Security-Policy nonce: ServerRouter hands
 * it to <Scripts>, <ScrollRestoration> and <Links>, and React puts it on the scripts that stream the page.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce: nonce, renderWhole } = serverContext(loadContext);
  // Crawlers and the page cache get the whole page at once; browsers get the shell first.
  const userAgent = request.headers.get('user-agent');
  const waitForAll =
    renderWhole === true || (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    let body: PassThrough | undefined;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const ready = () => {
      shellRendered = true;
      body = new PassThrough({
        final(callback) {
          clearTimeout(timeout);
          callback();
        },
      });
      responseHeaders.set('Content-Type', 'text/html');
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
    };
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          // Errors before the shell reject and are logged by React Router; later ones only here. A visitor
          // who leaves mid-page destroys the body: React then reports that as an error, which it is not.
          if (shellRendered && !body?.destroyed) console.error(error);
        },
      },
    );
  });
}
