/** The signed-in user as sign-in stored it (spec P§3 auth user), in local storage. */
export const STORED_AUTH_KEY = 'EC_Auth';

/**
 * Where sign-in state is kept in the browser: the auth, account and in-behalf keys the portal writes, and the
 * identity library's own keys (prefix). Sign-in writes these; sign-out and the 401 page clear them.
 */
export const STORED_LOGIN_KEYS = [STORED_AUTH_KEY, 'EC_Account', 'EC_InBehalf'] as const;
const IDENTITY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/** Clears stored login info: session storage entirely, the login keys of local storage. */
export function clearStoredLogin(storage: { local: Storage; session: Storage }): void {
  storage.session.clear();
  const keys = Array.from({ length: storage.local.length }, (_, index) => storage.local.key(index));
  for (const key of keys) {
    if (key && (STORED_LOGIN_KEYS.some((name) => name === key) || key.startsWith(IDENTITY_KEY_PREFIX))) {
      storage.local.removeItem(key);
    }
  }
}
