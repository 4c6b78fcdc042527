import { useEffect } from 'react';
import { whenIdle } from './idle';
import { decodeJwtPayload } from './jwt';

/** Spec P§9: while a user is signed in, the access token's expiry is logged every 60 seconds. */
export const TOKEN_EXPIRY_LOG_MS = 60_000;

/** The identity library's cookies: `<prefix>.<clientId>.LastAuthUser` and `<prefix>.<clientId>.<user>.accessToken`. */
const PREFIX = 'CognitoIdentityServiceProvider.';
const LAST_USER = 'LastAuthUser';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** When the signed-in user's access token expires (ms since the epoch), from the page's cookies; null: none. */
export function accessTokenExpiry(cookie: string): number | null {
  const cookies = new Map(
    cookie
      .split(/;\s*/)
      .filter((pair) => pair.includes('='))
      .map((pair) => {
        const at = pair.indexOf('=');
        return [decoded(pair.slice(0, at)), decoded(pair.slice(at + 1))] as const;
      }),
  );
  for (const [name, username] of cookies) {
    if (!name.startsWith(PREFIX) || !name.endsWith(`.${LAST_USER}`)) continue;
    const token = cookies.get(`${name.slice(0, -LAST_USER.length)}${username}.accessToken`);
    const expiry = token ? decodeJwtPayload(token)?.exp : undefined;
    if (typeof expiry === 'number') return expiry * 1000;
  }
  return null;
}

/** What the log says of an expiry seen at `now`. */
export function describeTokenExpiry(expiresAt: number, now: number): string {
  const minutes = Math.ceil(Math.abs(expiresAt - now) / 60_000);
  return expiresAt > now
    ? `Session: the access token expires in ${minutes} min (${new Date(expiresAt).toISOString()}).`
    : `Session: the access token expired ${minutes} min ago; the next page refreshes it.`;
}

/**
 * Logs the access token's expiry to the browser's console now and every 60 s while mounted, when the browser
 * is idle, so a session that ends in an open tab can be told from its log.
 */
export function useTokenExpiryLog(): void {
  useEffect(() => {
    let cancelLog = () => {};
    const log = () => {
      cancelLog = whenIdle(() => {
        const expiresAt = accessTokenExpiry(document.cookie);
        if (expiresAt !== null) console.info(describeTokenExpiry(expiresAt, Date.now()));
      });
    };
    log();
    const timer = setInterval(log, TOKEN_EXPIRY_LOG_MS);
    return () => {
      clearInterval(timer);
      cancelLog();
    };
  }, []);
}
