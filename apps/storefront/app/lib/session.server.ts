import { USER_TYPES, type UserType } from '@storefront/contracts/constants';
import { parseCookies } from './cookies.server';
import { decodeJwtPayload } from './jwt';

/**
 * Who is signed in, as the identity library's cookies say. Decoded, never verified: good for page decisions
 * (redirects, what to show), never for authorisation, which the gateway does with the access token.
 */
export type AuthSession =
  | {
      signedIn: false;
      /** Tokens are there but the access token has expired: the sign-in page can refresh them. */
      expired: boolean;
    }
  | {
      signedIn: true;
      accessToken: string;
      username: string;
      /** The first group of the id token (spec P§6); null when it names no known user type. */
      userType: UserType | null;
      /** custom:salesforceAccountId of the id token. */
      accountId: string | null;
      /** What the header shows: given and family name, else the email, else the username. */
      name: string;
      /** The id token's custom:local, as a language tag (de_DE → de-DE); null when it has none. */
      locale: string | null;
    };

const GUEST: AuthSession = { signedIn: false, expired: false };

/** Amplify's token keys: `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` and `.<username>.<token>`. */
const KEY_PREFIX = 'CognitoIdentityServiceProvider';

/** The session of a page request for the storefront's app client; a guest when a cookie is missing or bad. */
export function readSession(request: Request, clientId: string, now = Date.now()): AuthSession {
  const cookies = parseCookies(request.headers.get('cookie'));
  const prefix = `${KEY_PREFIX}.${clientId}`;
  const username = cookies.get(`${prefix}.LastAuthUser`);
  const accessToken = username && cookies.get(`${prefix}.${username}.accessToken`);
  if (!username || !accessToken) return GUEST;
  const access = decodeJwtPayload(accessToken);
  if (!access || typeof access.exp !== 'number' || access.client_id !== clientId) return GUEST;
  if (access.exp * 1000 <= now) return { signedIn: false, expired: true };
  const idToken = cookies.get(`${prefix}.${username}.idToken`);
  const id = (idToken && decodeJwtPayload(idToken)) || {};
  const [group] = Array.isArray(id['cognito:groups']) ? id['cognito:groups'] : [];
  return {
    signedIn: true,
    accessToken,
    username,
    userType: USER_TYPES.find((type) => type === group) ?? null,
    accountId: text(id['custom:salesforceAccountId']),
    name: displayName(id) ?? username,
    locale: text(id['custom:local'])?.replaceAll('_', '-') ?? null,
  };
}

function displayName(id: Record<string, unknown>): string | null {
  const full = [text(id.given_name), text(id.family_name)].filter(Boolean).join(' ');
  return full || text(id.email);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
