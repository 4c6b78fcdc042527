import type { AppLoadContext } from 'react-router';
import { createGatewayClient, type GatewayClient } from './gateway';

/**
 * The server's client: the gateway's own fetch, in process. The URL keeps the page request's host so the
 * gateway resolves the same storefront. The caller is the signed-in user's access token as a bearer token
 * (none: a guest); the page request's cookies never reach the gateway. The request id keeps the logs together.
 */
export function createServerGateway(
  request: Request,
  context: AppLoadContext,
  accessToken: string | null = null,
): GatewayClient {
  const url = new URL('/graphql', request.url);
  const headers = new Headers({ 'content-type': 'application/json', 'x-api-key': context.gatewayApiKey });
  const requestId = request.headers.get('x-request-id');
  if (requestId) headers.set('x-request-id', requestId);
  if (accessToken) headers.set('authorization', `Bearer ${accessToken}`);
  return createGatewayClient((body) =>
    context.gatewayFetch(new Request(url, { method: 'POST', headers, body })),
  );
}
