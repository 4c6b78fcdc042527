import { createGatewayClient, type GatewayClient } from './gateway';

/** The browser's client: same-origin POST /graphql with the public API key and the user's access token. */
export function createBrowserGateway(apiKey: string, accessToken: string): GatewayClient {
  return createGatewayClient((body) =>
    fetch('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': apiKey,
        authorization: `Bearer ${accessToken}`,
      },
      body,
      credentials: 'same-origin',
    }),
  );
}
