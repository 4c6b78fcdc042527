import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@storefront/contracts';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayRefusal } from '../src/envelope';
import { createCognitoTokenVerifier, USER_POOL_TIMEOUT_MS } from '../src/token-verifier';
import { storefront } from './fixtures';

const KID = 'pool-key';

/** An HTTP user pool that serves its keys (or not) and never answers GetUser: a pool hung mid-way. */
async function hungPool(servesKeys: boolean): Promise<{ server: Server; issuerBase: string; token: string }> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] };
  const server = createServer((request, response) => {
    if (servesKeys && request.method === 'GET') response.end(JSON.stringify(jwks));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuerBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/identity`;
  const token = await new SignJWT({ token_use: 'access', client_id: storefront.clientId })
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setIssuer(`${issuerBase}/${storefront.awsUserPoolId}`)
    .setSubject('user-1')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
  return { server, issuerBase, token };
}

describe('a user pool that does not answer', () => {
  let pools: Awaited<ReturnType<typeof hungPool>>[];

  beforeAll(async () => {
    pools = await Promise.all([hungPool(false), hungPool(true)]);
  });

  afterAll(() => {
    for (const { server } of pools) {
      server.closeAllConnections();
      server.close();
    }
  });

  // Bounded by the test's own timeout: a verifier that waited on the pool for ever would never settle. Not a
  // measured time: on a loaded machine the pool's timers fire late, and speed is the benchmarks' to measure.
  it(
    "answers 'Error fetching data from AppSync.' (500), not 401 or a hang",
    async () => {
      const outcomes = await Promise.all(
        pools.map(({ issuerBase, token }) =>
          createCognitoTokenVerifier({ issuerBase, fetch: globalThis.fetch })(token, storefront).catch(
            (error: unknown) => error,
          ),
        ),
      );
      for (const outcome of outcomes) {
        expect(outcome).toBeInstanceOf(GatewayRefusal);
        expect(outcome).toMatchObject({ statusCode: 500, message: MESSAGES.appSyncFetchError });
      }
    },
    USER_POOL_TIMEOUT_MS * 12,
  );
});
