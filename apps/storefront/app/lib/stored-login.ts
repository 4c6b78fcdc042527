/** The signed-in user as sign-in stored it (spec P§3 auth user), in local storage. */
export const STORED_AUTH_KEY = 'EC_Auth';

/**
 * Where sign-in state is kept in the browser: the auth, account and in-behalf keys the portal writes, and the
 * identity library's own keys (prefix), which live in cookies so the page server sees them. Sign-in writes
 * these; sign-out and the 401 page clear them.
 */
export const STORED_LOGIN_KEYS = [STORED_AUTH_KEY, 'EC_Account', 'EC_InBehalf'] as const;
const IDENTITY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/**
 * The identity library's keys of a remembered device (`….<username>.deviceKey` and its group key and
 * secret). They outlive sign-out, as the device does: the next sign-in proves the device instead of MFA.
 */
const DEVICE_KEY_SUFFIXES = ['.deviceKey', '.deviceGroupKey', '.randomPasswordKey'] as const;

/** A key of the identity library that sign-out clears: a token or the last user, not the device's. */
function isIdentityLoginKey(name: string): boolean {
  return name.startsWith(IDENTITY_KEY_PREFIX) && !DEVICE_KEY_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

type Browser = Pick<Window, 'localStorage' | 'sessionStorage'> & { document: Pick<Document, 'cookie'> };

/**
 * Clears stored login info: session storage entirely, the login keys of local storage, the token cookies;
 * a device's keys stay.
 */
export function clearStoredLogin({ localStorage, sessionStorage, document }: Browser): void {
  sessionStorage.clear();
  const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
  for (const key of keys) {
    if (key && (STORED_LOGIN_KEYS.some((name) => name === key) || isIdentityLoginKey(key))) {
      localStorage.removeItem(key);
    }
  }
  // The prefix has no character a cookie name encodes, so the names are compared as they are.
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim() ?? '';
    if (isIdentityLoginKey(name)) {
      document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
    }
  }
}
