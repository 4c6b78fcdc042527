/**
 * The visitors the benchmarks load pages as: a first-time guest (no cookies), a returning guest (a cart cookie)
 * and a signed-in buyer (the identity library's cookies, from a real sign-in against the user pool).
 */
import { randomBytes } from 'node:crypto';
import type { DomainDetails } from '@storefront/contracts';
import { DEMO_PROFILES } from '../server/src/demo-users';

/**
 * What a browser sends with every page: a document's Accept, and compression as the browser's are (the page
 * cache keeps only documents by price context).
 */
export const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
};

/** A guest who has been here before: their cart cookie makes every page their own. */
export function returningGuest(): Record<string, string> {
  return { ...BROWSER_HEADERS, cookie: `sf_guest_cart=${randomBytes(32).toString('base64url')}` };
}

async function storefrontOf(baseUrl: string, hostname: string): Promise<DomainDetails> {
  const response = await fetch(`${baseUrl}/api/domain`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hostname }),
  });
  if (!response.ok) throw new Error(`No storefront answers ${hostname}`);
  return (await response.json()) as DomainDetails;
}

function profile(username: string) {
  const found = Object.values(DEMO_PROFILES)
    .flat()
    .find((candidate) => candidate.username === username);
  if (!found) throw new Error(`No demo user ${username}`);
  return found;
}

/**
 * Signs a demo user in with the pool's USER_PASSWORD_AUTH and answers the headers of their browser: the
 * cookies the identity library keeps (LastAuthUser, access and id tokens) for the storefront's app client.
 */
export async function signedInBuyer(
  baseUrl: string,
  username = 'buyer@halvorsen.example',
): Promise<{ cookie: string } & Record<string, string>> {
  const storefront = await storefrontOf(baseUrl, new URL(baseUrl).hostname);
  const response = await fetch(`${baseUrl}/identity`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: storefront.clientId,
      AuthParameters: { USERNAME: username, PASSWORD: profile(username).password },
    }),
  });
  const body = (await response.json()) as {
    AuthenticationResult?: { AccessToken: string; IdToken: string };
  };
  const tokens = body.AuthenticationResult;
  if (!tokens) throw new Error(`${username} could not sign in: ${JSON.stringify(body)}`);
  // The identity library keys its cookies by the token's username claim.
  const claims = JSON.parse(Buffer.from(tokens.AccessToken.split('.')[1] ?? '', 'base64url').toString());
  const user = encodeURIComponent(String(claims.username));
  const prefix = `CognitoIdentityServiceProvider.${storefront.clientId}`;
  const cookie = [
    `${prefix}.LastAuthUser=${user}`,
    `${prefix}.${user}.accessToken=${tokens.AccessToken}`,
    `${prefix}.${user}.idToken=${tokens.IdToken}`,
  ].join('; ');
  return { ...BROWSER_HEADERS, cookie };
}
