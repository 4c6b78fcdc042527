import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { CookieStorage } from 'aws-amplify/utils';
import type { AuthSettings } from '../../lib/auth-settings';

/** A user pool id holds an underscore (region_id) and is at most 55 characters (spec P§5). */
export function isValidPoolId(poolId: string): boolean {
  return poolId.includes('_') && poolId.length <= 55;
}

type PageLocation = Pick<Location, 'origin' | 'hostname' | 'protocol'>;

/** This machine: localhost and the names under it (RFC 6761), and 127.0.0.1. */
const isLocalHost = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1';

/**
 * Tokens live in cookies so that server-rendered pages know the user (spec P§9: 365 days, path /, secure).
 * Plain http is allowed on this machine only, where there is no TLS.
 */
export function cookieOptions(location: PageLocation) {
  const local = location.protocol === 'http:' && isLocalHost(location.hostname);
  return { path: '/', expires: 365, secure: !local, sameSite: 'lax' as const };
}

let configuredFor: string | null = null;

/**
 * Points Amplify at the storefront's user pool and app client, through the identity service on this origin
 * (POST /identity speaks the user-pool JSON protocol; same origin, so no CORS). Safe to call repeatedly.
 */
export function configureAmplify(settings: AuthSettings, location: PageLocation = window.location): void {
  if (!isValidPoolId(settings.userPoolId)) throw new Error(`Invalid user pool id '${settings.userPoolId}'`);
  const key = `${location.origin} ${settings.userPoolId} ${settings.clientId}`;
  if (configuredFor === key) return;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: settings.userPoolId,
        userPoolClientId: settings.clientId,
        userPoolEndpoint: `${location.origin}/identity`,
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(new CookieStorage(cookieOptions(location)));
  configuredFor = key;
}
