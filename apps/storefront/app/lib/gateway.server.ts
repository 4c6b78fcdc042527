import { GUEST_CART_HEADER } from '@storefront/contracts/constants';
import type { RouterContextProvider } from 'react-router';
import { type GatewayClient, readEnvelope } from './gateway';
import { createBatchingGatewayClient } from './gateway-batch.server';
import { serverContext } from './load-context';

/** Who the server's gateway calls are for: the signed-in user's access token, and the guest's cart secret. */
export interface GatewayCaller {
  accessToken?: string | null;
  guestCartSecret?: string | null;
}

/**
 * The server's client: the gateway's own fetch, in process. The URL keeps the page request's host so the
 * gateway resolves the same storefront. The caller is the signed-in user's access token as a bearer token
 * (none: a guest) and the guest cart secret of the http-only cookie; the page request's cookies never reach
 * the gateway. The request id keeps the logs together. Calls made together share one request.
 */
export function createServerGateway(
  request: Request,
  context: Readonly<RouterContextProvider>,
  caller: GatewayCaller = {},
): GatewayClient {
  const { gatewayApiKey, gatewayFetch, gatewayPort } = serverContext(context);
  const url = new URL('/graphql', request.url);
  const headers = new Headers({ 'content-type': 'application/json', 'x-api-key': gatewayApiKey });
  const requestId = request.headers.get('x-request-id');
  if (requestId) headers.set('x-request-id', requestId);
  if (caller.accessToken) headers.set('authorization', `Bearer ${caller.accessToken}`);
  if (caller.guestCartSecret) headers.set(GUEST_CART_HEADER, caller.guestCartSecret);
  const overGraphql = createBatchingGatewayClient((body) =>
    gatewayFetch(new Request(url, { method: 'POST', headers, body })),
  );
  if (!gatewayPort) return overGraphql;
  // Who the viewer is, asked on every page: through the port, answered as its GraphQL field answers it.
  return (name, variables) =>
    name === 'GetLoginInfo'
      ? gatewayPort
          .loginInfo(new Request(url, { method: 'POST', headers }))
          .then((answer) => readEnvelope(200, answer))
      : overGraphql(name, variables);
}
