import { decodeJWT } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { AuthSettings } from '../../lib/auth-settings';
import { returnPath } from '../../lib/paths';
import { AUTH_MESSAGES } from './messages';

/*
 * Single sign-on through the identity service's hosted login (OAuth 2.0 authorization code with PKCE,
 * spec P§7, P§9). Built here rather than with Amplify's signInWithRedirect, which only builds https:// URLs
 * for a separate hosted-UI domain: ours is /identity on this origin, plain http on a developer's machine.
 */

const SCOPES = ['aws.cognito.signin.user.admin', 'email', 'openid', 'profile'];
const STATE_LENGTH = 32;
const VERIFIER_LENGTH = 128;
/** Spec P§9: a hosted login's return waits this long for the identity service, then gives up. */
export const HOSTED_LOGIN_WAIT_MS = 10_000;
/** Session storage: the state, the PKCE verifier and the page to return to, while the hosted login runs. */
const PENDING_KEY = 'EC_HostedLogin';
/** 64 characters allowed in a PKCE verifier, so each random byte maps to one without bias. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

interface Pending {
  state: string;
  verifier: string;
  redirect: string;
}

function randomString(length: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => ALPHABET[byte & 63]).join('');
}

async function challengeOf(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The hosted login returns to the home page with its code (spec P§2). */
const redirectUri = () => `${window.location.origin}/`;

/** The hosted login's authorize URL; the state and verifier wait in session storage for the return. */
export async function hostedLoginUrl(settings: AuthSettings, redirect: string): Promise<string> {
  const pending: Pending = {
    state: randomString(STATE_LENGTH),
    verifier: randomString(VERIFIER_LENGTH),
    redirect,
  };
  window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: settings.clientId,
    redirect_uri: redirectUri(),
    scope: SCOPES.join(' '),
    state: pending.state,
    code_challenge: await challengeOf(pending.verifier),
    code_challenge_method: 'S256',
  });
  if (settings.identityProvider) query.set('identity_provider', settings.identityProvider);
  return `/identity/oauth2/authorize?${query.toString()}`;
}

/** Return URLs already handled: a code is exchanged once per URL, whatever re-runs the page's effects. */
const handled = new Set<string>();

/**
 * The hosted-login return: checks the state against the stored one ('Invalid state in OAuth flow'),
 * exchanges the code with the verifier, and stores the tokens where Amplify keeps them. Answers the page to
 * return to (checked again: session storage is not the page server's word), or null when this URL was
 * already handled.
 */
export async function finishHostedLogin(settings: AuthSettings, url: URL): Promise<string | null> {
  if (handled.has(url.href)) return null;
  handled.add(url.href);
  const params = url.searchParams;
  const pending = takePending();
  const error = params.get('error_description') ?? params.get('error');
  if (error) throw new Error(error);
  if (!pending || pending.state !== params.get('state')) throw new Error(AUTH_MESSAGES.invalidOAuthState);
  // A token endpoint that does not answer leaves the page with 'Network Error' rather than waiting for ever.
  const waiting = new AbortController();
  const timer = setTimeout(() => waiting.abort(), HOSTED_LOGIN_WAIT_MS);
  let response: Response;
  let tokens: Record<string, unknown>;
  try {
    response = await fetch('/identity/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: settings.clientId,
        redirect_uri: redirectUri(),
        code: params.get('code') ?? '',
        code_verifier: pending.verifier,
      }),
      signal: waiting.signal,
    });
    tokens = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  } catch (error) {
    if (waiting.signal.aborted) throw new Error(AUTH_MESSAGES.networkError);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const accessToken = typeof tokens.access_token === 'string' ? tokens.access_token : null;
  if (!response.ok || !accessToken) {
    throw new Error(String(tokens.error_description ?? tokens.error ?? AUTH_MESSAGES.networkError));
  }
  const access = decodeJWT(accessToken);
  await cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokens({
    tokens: {
      accessToken: access,
      idToken: typeof tokens.id_token === 'string' ? decodeJWT(tokens.id_token) : undefined,
      refreshToken: typeof tokens.refresh_token === 'string' ? tokens.refresh_token : undefined,
      clockDrift: 0,
      username: String(access.payload.username ?? access.payload.sub),
    },
  });
  return returnPath(pending.redirect, window.location.origin);
}

function takePending(): Pending | null {
  const raw = window.sessionStorage.getItem(PENDING_KEY);
  window.sessionStorage.removeItem(PENDING_KEY);
  try {
    const value = raw ? (JSON.parse(raw) as Partial<Pending>) : null;
    return value?.state && value.verifier && typeof value.redirect === 'string' ? (value as Pending) : null;
  } catch {
    return null;
  }
}

/** The hosted logout for a single-sign-on storefront that names where it returns; null otherwise. */
export function hostedLogoutUrl(settings: AuthSettings): string | null {
  if (!settings.singleSignOn || !settings.logoutUri) return null;
  const query = new URLSearchParams({ client_id: settings.clientId, logout_uri: settings.logoutUri });
  return `/identity/logout?${query.toString()}`;
}
