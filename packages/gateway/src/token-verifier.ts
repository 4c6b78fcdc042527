import {
  type DomainDetails,
  GUEST_USER_TYPE,
  MESSAGES,
  USER_TYPES,
  type UserType,
} from '@storefront/contracts';
import { createRemoteJWKSet, customFetch, errors, type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';
import { GatewayRefusal } from './envelope';
import type { TokenVerifier, VerifiedUser } from './principal';

/** Where the user pools answer: Cognito's regional endpoint, or our identity service. */
export interface TokenVerifierOptions {
  /** Token issuers are `${issuerBase}/${poolId}`; the user-pool JSON API is served at issuerBase itself. */
  issuerBase: string;
  /** Reaches the identity service (its own fetch in one process, globalThis.fetch at scale). */
  fetch: (request: Request) => Response | Promise<Response>;
}

/**
 * The user pools answer (keys, GetUser) within this, or the call answers 'Error fetching data from AppSync.'
 * (500): a pool that is down must neither hold requests nor make every token look invalid (401 signs out).
 */
export const USER_POOL_TIMEOUT_MS = 5_000;

const poolUnavailable = () => new GatewayRefusal(500, MESSAGES.appSyncFetchError);

const accessClaims = z.object({
  token_use: z.literal('access'),
  client_id: z.string(),
  'cognito:groups': z.array(z.string()).default([]),
});

const userAttributes = z.object({
  Username: z.string(),
  UserAttributes: z.array(z.object({ Name: z.string(), Value: z.string() })).default([]),
});

/**
 * Verifies a user-pool access token for a storefront: RS256 signature against the pool's JWKS, issuer,
 * client, token use and expiry (jose); then GetUser with the token, which fails once it is revoked and
 * gives the account and contact the user belongs to.
 */
export function createCognitoTokenVerifier(identity: TokenVerifierOptions): TokenVerifier {
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const fetchJwks = (url: string, init: RequestInit) =>
    Promise.resolve(identity.fetch(new Request(url, init)));

  const keySet = (poolId: string) => {
    let keys = keySets.get(poolId);
    if (!keys) {
      const url = new URL(`${identity.issuerBase}/${poolId}/.well-known/jwks.json`);
      keys = createRemoteJWKSet(url, { [customFetch]: fetchJwks, timeoutDuration: USER_POOL_TIMEOUT_MS });
      keySets.set(poolId, keys);
    }
    return keys;
  };

  return async (token, storefront) => {
    const claims = await verifiedClaims(
      token,
      storefront,
      keySet(storefront.awsUserPoolId),
      identity.issuerBase,
    );
    if (!claims) return null;
    const userType = userTypeOf(claims['cognito:groups']);
    if (!userType) return null;
    const user = await currentUser(identity, token);
    if (!user) return null;
    const { attributes } = user;
    // Its own account first, then the storefront's guest account (a new sign-up has no account yet).
    const accountIds = [attributes.get('custom:salesforceAccountId'), storefront.guestAccountId].filter(
      (id): id is string => Boolean(id),
    );
    const [accountId] = accountIds;
    if (!accountId) return null;
    return {
      userType,
      accountId,
      accountIds,
      homeAccountId: accountId,
      shipToAccountId: null,
      contactId: attributes.get('custom:salesforceContactId') ?? null,
      username: user.username,
      storefront,
    } satisfies VerifiedUser;
  };
}

async function verifiedClaims(
  token: string,
  storefront: DomainDetails,
  keys: ReturnType<typeof createRemoteJWKSet>,
  issuerBase: string,
): Promise<z.infer<typeof accessClaims> | null> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      issuer: `${issuerBase}/${storefront.awsUserPoolId}`,
      algorithms: ['RS256'],
    }));
  } catch (error) {
    if (error instanceof errors.JWKSTimeout) throw poolUnavailable();
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
  const claims = accessClaims.safeParse(payload);
  return claims.success && claims.data.client_id === storefront.clientId ? claims.data : null;
}

/** The user's name and attributes, or null when the pool refuses the token (revoked, disabled, deleted). */
async function currentUser(
  identity: TokenVerifierOptions,
  accessToken: string,
): Promise<{ username: string; attributes: Map<string, string> } | null> {
  // A timer of our own, not AbortSignal.timeout: Node holds a timeout signal only weakly, so a request no one
  // else holds (an in-process pool that hangs) could be collected with its signal and never time out.
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new DOMException('user pool timed out', 'TimeoutError')),
    USER_POOL_TIMEOUT_MS,
  );
  const request = new Request(identity.issuerBase, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
    },
    body: JSON.stringify({ AccessToken: accessToken }),
    signal: deadline.signal,
  });
  const response = await Promise.resolve(identity.fetch(request))
    .catch(() => {
      throw poolUnavailable();
    })
    .finally(() => clearTimeout(timer));
  // A refusal (4xx) means the token is not good any more; anything else is the pool failing.
  if (response.status >= 500) throw poolUnavailable();
  if (!response.ok) return null;
  const user = userAttributes.safeParse(await response.json());
  if (!user.success) return null;
  const attributes = new Map(user.data.UserAttributes.map(({ Name, Value }) => [Name, Value]));
  return { username: user.data.Username, attributes };
}

/** The first group names the user type (spec P§6); a user in no group is treated as a guest. */
function userTypeOf(groups: readonly string[]): UserType | null {
  const [group] = groups;
  if (group === undefined) return GUEST_USER_TYPE;
  return (USER_TYPES as readonly string[]).includes(group) ? (group as UserType) : null;
}
