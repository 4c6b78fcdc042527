import { Amplify } from 'aws-amplify';
import { fetchAuthSession } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { clearStoredLogin } from '../../lib/stored-login';
import { forgetAllQuotes } from '../cart/quote-storage';
import { endsSession } from './errors';
import { AUTH_MESSAGES } from './messages';

/** A sign-out request that has not answered by then is given up (spec P§8 'Signout timeout fail'). */
export const SIGN_OUT_TIMEOUT_MS = 3_000;

/**
 * Spec P§9: a revocation the user pool could not answer is tried again after 100 ms · 2^n plus up to 100 ms
 * of jitter (n = 0, 1, …), and given up once the next wait would pass 5 s.
 */
export const REVOKE_RETRY = { baseMs: 100, jitterMs: 100, maxDelayMs: 5_000 } as const;

/** The wait before retry `attempt` (0 for the first), or null: give up. */
export function revokeRetryDelay(attempt: number, random: () => number = Math.random): number | null {
  const delay = 2 ** attempt * REVOKE_RETRY.baseMs + REVOKE_RETRY.jitterMs * random();
  return delay > REVOKE_RETRY.maxDelayMs ? null : delay;
}

/**
 * Revokes the refresh token at the user pool and drops the tokens, then clears session storage and the stored
 * auth, account and in-behalf keys and the quote keys. A revocation that fails or hangs still drops them.
 */
export async function clearSession(): Promise<void> {
  try {
    await revokeRefreshToken();
  } catch (error) {
    console.warn('The refresh token was not revoked; the tokens are dropped here:', error);
  }
  await cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens();
  clearStoredLogin(window);
  forgetAllQuotes();
}

/**
 * RevokeToken for the stored refresh token (as the identity library's sign-out sends it), so a copy of it
 * signs nobody in again. The user pool not answering, failing (5xx) or throttling is retried with back-off;
 * a refusal is final; an attempt that does not answer within 3 s ends it.
 */
async function revokeRefreshToken(): Promise<void> {
  const tokens = await cognitoUserPoolsTokenProvider.tokenOrchestrator
    .getTokenStore()
    .loadTokens()
    .catch(() => null);
  const cognito = Amplify.getConfig().Auth?.Cognito;
  // Only a token issued for a revocable session (origin_jti) can be revoked.
  if (!tokens?.refreshToken || !tokens.accessToken.payload.origin_jti || !cognito?.userPoolEndpoint) return;
  const request = {
    endpoint: cognito.userPoolEndpoint,
    body: JSON.stringify({ ClientId: cognito.userPoolClientId, Token: tokens.refreshToken }),
  };
  for (let attempt = 0; ; attempt += 1) {
    if (await revokeOnce(request)) return;
    const delay = revokeRetryDelay(attempt);
    if (delay === null) throw new Error('The user pool did not answer the revocation.');
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

const RETRIED_ERRORS = new Set(['TooManyRequestsException', 'InternalErrorException']);

/** One RevokeToken request: true when done, false when worth another try; a refusal throws. */
async function revokeOnce({ endpoint, body }: { endpoint: string; body: string }): Promise<boolean> {
  const waiting = new AbortController();
  const timer = setTimeout(() => waiting.abort(), SIGN_OUT_TIMEOUT_MS);
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.RevokeToken',
      },
      body,
      signal: waiting.signal,
    });
    if (response.ok) return true;
    const answer = (await response.json().catch(() => ({}))) as { __type?: string; message?: string };
    const type = answer.__type?.split('#').pop() ?? '';
    if (response.status >= 500 || RETRIED_ERRORS.has(type)) return false;
    throw new Error(answer.message ?? `RevokeToken was refused (${response.status}).`);
  } catch (error) {
    if (waiting.signal.aborted) throw new Error(AUTH_MESSAGES.signOutTimeout);
    // fetch rejects with a TypeError when the request could not be made: the network, worth another try.
    if (error instanceof TypeError) return false;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Refreshes the tokens with the refresh token: true when fresh ones came back. A refusal as not authorised,
 * or a message that forces sign-out, clears the session and answers false (spec P§8).
 */
export async function refreshSession(): Promise<boolean> {
  try {
    const { tokens } = await fetchAuthSession({ forceRefresh: true });
    if (tokens) return true;
  } catch (error) {
    if (!endsSession(error)) throw error;
  }
  await clearSession();
  return false;
}
