import type { AppLoadContext } from 'react-router';
import { createGatewayClient, type GatewayClient } from './gateway';

/** Headers of the page request that the gateway needs: who is asking, and the request id for its logs. */
const FORWARDED_HEADERS = ['cookie', 'authorization', 'x-request-id'] as const;

/**
 * The server's client: the gateway's own fetch, in process. The URL keeps the page request's host so the
 * gateway resolves the same storefront.
 */
export function createServerGateway(request: Request, context: AppLoadContext): GatewayClient {
  const url = new URL('/graphql', request.url);
  const headers = new Headers({ 'content-type': 'application/json', 'x-api-key': context.gatewayApiKey });
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return createGatewayClient((body) =>
    context.gatewayFetch(new Request(url, { method: 'POST', headers, body })),
  );
}
