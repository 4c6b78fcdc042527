import { MESSAGES } from '@storefront/contracts';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { GatewayRefusal } from '../src/envelope';
import { createCognitoTokenVerifier, USER_POOL_TIMEOUT_MS } from '../src/token-verifier';
import { storefront } from './fixtures';

const KID = 'pool-key';
const ISSUER_BASE = 'http://pool.test/identity';

/** Requests a hung pool holds, as a server holds a connection: the Request's signal follows the caller's only weakly. */
const held = new Set<Request>();

/** A request the pool never answers: it settles only when the caller gives up on it. */
function neverAnswered(request: Request): Promise<Response> {
  held.add(request);
  return new Promise((_, reject) => {
    request.signal.addEventListener(
      'abort',
      () => {
        held.delete(request);
        reject(request.signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * A user pool hung mid-way, reached through the verifier's own fetch (no socket, so nothing else in the test
 * process can hold it): it serves its keys (or not) and never answers GetUser.
 */
async function hungPool(servesKeys: boolean) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] };
  const fetch = (request: Request) =>
    servesKeys && request.method === 'GET' ? Response.json(jwks) : neverAnswered(request);
  const token = await new SignJWT({ token_use: 'access', client_id: storefront.clientId })
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setIssuer(`${ISSUER_BASE}/${storefront.awsUserPoolId}`)
    .setSubject('user-1')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
  return { fetch, token };
}

describe('a user pool that does not answer', () => {
  // Bounded by the test's own timeout: a verifier that waited on the pool for ever would never settle.
  it(
    "answers 'Error fetching data from AppSync.' (500), not 401 or a hang",
    async () => {
      const pools = await Promise.all([hungPool(false), hungPool(true)]);
      const outcomes = await Promise.all(
        pools.map(({ fetch, token }) =>
          createCognitoTokenVerifier({ issuerBase: ISSUER_BASE, fetch })(token, storefront).catch(
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
