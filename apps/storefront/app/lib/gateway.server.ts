import type { AppLoadContext } from 'react-router';
import { createGatewayClient, type GatewayClient } from './gateway';

/** Headers of the page request that the gateway needs to know who is asking. */
const FORWARDED_HEADERS = ['cookie', 'authorization'] as const;

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
