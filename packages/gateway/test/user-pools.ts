import type { DomainDetails, Envelope } from '@storefront/contracts';
import type { Database } from '@storefront/database';
import { ensureUser, ensureUserPool } from '@storefront/identity';
import { createTestIdentityApp } from '@storefront/identity/testing';
import type { SharedState } from '@storefront/shared-state';
import { Hono } from 'hono';
import type { Gateway } from '../src/index';

/** The user pools and the gateway as tests reach them: over their wire protocols, with real tokens. */

export const API_KEY = 'test-api-key';
export const ISSUER_BASE = 'http://identity.test/identity';
export const PASSWORD = 'Token-Test-2026!';
export type IdentityFetch = (request: Request) => Response | Promise<Response>;

/**
 * The user pools served under /identity, as the server mounts them, with a clock of the test's choosing; given
 * the gateway's shared state, they record revocations where the gateway reads them.
 */
export function identityService(
  database: Database,
  now: () => Date,
  issuerBase = ISSUER_BASE,
  sharedState?: SharedState,
): IdentityFetch {
  const app = createTestIdentityApp({ database, issuerBase, now, ...(sharedState ? { sharedState } : {}) });
  return new Hono().route('/identity', app).fetch;
}

export async function cognito<T>(identity: IdentityFetch, operation: string, body: object): Promise<T> {
  const response = await identity(
    new Request(`${ISSUER_BASE}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(body),
    }),
  );
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${operation}: ${JSON.stringify(answer)}`);
  return answer;
}

export interface Tokens {
  AccessToken: string;
  IdToken: string;
}

export async function signIn(identity: IdentityFetch, clientId: string, username: string): Promise<Tokens> {
  const answer = await cognito<{ AuthenticationResult: Tokens }>(identity, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: username, PASSWORD },
  });
  return answer.AuthenticationResult;
}

/** The storefront's user pool and app client, made if missing. */
export function ensureStorefrontPool(database: Database, storefront: DomainDetails): Promise<void> {
  return ensureUserPool(database, {
    poolId: storefront.awsUserPoolId,
    name: storefront.storefrontName,
    clientId: storefront.clientId,
    clientName: storefront.clientName,
    callbackUrls: [],
    logoutUrls: [],
  });
}

/**
 * The storefront's user pool, made if missing, and a confirmed portal user of it whose email is the username
 * and who signs in with PASSWORD; the attributes tie the user to the CRM (account, contact).
 */
export async function ensurePortalUser(
  database: Database,
  storefront: DomainDetails,
  username: string,
  attributes: Record<string, string>,
): Promise<void> {
  await ensureStorefrontPool(database, storefront);
  await ensureUser(database, {
    poolId: storefront.awsUserPoolId,
    username,
    password: PASSWORD,
    email: username,
    givenName: 'Test',
    familyName: 'Buyer',
    groups: ['AWSPortalUser'],
    attributes,
    status: 'CONFIRMED',
  });
}

export interface Ask {
  host?: string;
  token?: string;
  /** A guest cart's secret, as the storefront sends it from its http-only cookie. */
  guestCart?: string;
  variables?: Record<string, unknown>;
  /** The client's address, as the host establishes it from the connection. */
  clientAddress?: string;
}

/**
 * One root field through gateway.fetch on a storefront's host, with the API key and a bearer token as the
 * storefront sends them: its AWSJSON envelope parsed (spec P§7), or a refused request's status and error.
 */
export async function askGateway<T = unknown>(
  gateway: Gateway,
  field: string,
  query: string,
  { host = 'localhost', token, guestCart, variables, clientAddress }: Ask = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { host, 'content-type': 'application/json', 'x-api-key': API_KEY };
  if (token) headers.authorization = `Bearer ${token}`;
  if (guestCart) headers['x-guest-cart'] = guestCart;
  const response = await gateway.fetch(
    new Request('http://gateway.internal/graphql', {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
    }),
    { clientAddress },
  );
  const { data, errors } = (await response.json()) as { data?: Record<string, string>; errors?: unknown[] };
  if (!data) return { statusCode: response.status, content: errors?.[0] as T };
  return JSON.parse(data[field] ?? 'null') as Envelope<T>;
}
