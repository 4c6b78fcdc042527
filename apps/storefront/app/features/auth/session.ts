import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { clearStoredLogin } from '../../lib/stored-login';
import { forgetAllQuotes } from '../cart/quote-storage';
import { endsSession } from './errors';
import { AUTH_MESSAGES } from './messages';

/** A sign-out that has not answered by then is given up (spec P§8 'Signout timeout fail'). */
export const SIGN_OUT_TIMEOUT_MS = 3_000;

/**
 * Signs out (the identity library revokes the refresh token) and clears session storage and the stored
 * auth, account and in-behalf keys and the quote keys. A sign-out that fails or hangs still drops the tokens.
 */
export async function clearSession(): Promise<void> {
  try {
    await withTimeout(signOut(), SIGN_OUT_TIMEOUT_MS, AUTH_MESSAGES.signOutTimeout);
  } catch (error) {
    console.warn('Sign-out did not complete; the tokens are dropped here:', error);
    await cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens();
  }
  clearStoredLogin(window);
  forgetAllQuotes();
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

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
