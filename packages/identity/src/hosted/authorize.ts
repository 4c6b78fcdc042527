import { z } from 'zod';
import type { IdentityDb } from '../db/database';
import { ADMIN_SCOPE } from '../tokens/issue';
import { type Client, findClient, type Pool } from '../users/pools';
import type { AuthorizeGrant } from './grant';

/** The scopes a client may ask for (the spec's: aws.cognito.signin.user.admin, email, openid, profile; and phone). */
const SUPPORTED_SCOPES = new Set([ADMIN_SCOPE, 'openid', 'email', 'phone', 'profile']);

const query = z.object({
  response_type: z.string().optional(),
  client_id: z.string().min(1).max(128),
  redirect_uri: z.string().min(1).max(1024),
  state: z.string().max(2048).optional(),
  scope: z.string().max(1024).optional(),
  nonce: z.string().max(2048).optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
  identity_provider: z.string().max(128).optional(),
});

export interface AuthorizeRequest {
  pool: Pool;
  client: Client;
  grant: AuthorizeGrant;
  identityProvider?: string;
}

/** Where an authorize request goes wrong: shown on our page (nothing to trust), or sent back to the client. */
export type AuthorizeFailure = { show: string } | { redirect: string };

/**
 * Validates an authorize request. The client and redirect URI are checked first and exactly (the URI must be
 * on the client's allow-list), so that no error ever redirects anywhere else: an open redirect needs both.
 */
export async function parseAuthorize(
  db: IdentityDb,
  params: Record<string, string>,
): Promise<AuthorizeRequest | AuthorizeFailure> {
  const parsed = query.safeParse(params);
  if (!parsed.success) return { show: 'The sign-in request is missing its client or redirect URI.' };
  const request = parsed.data;
  const found = await findClient(db, request.client_id);
  if (!found) return { show: 'The sign-in request names an unknown client.' };
  if (!found.client.callbackUrls.includes(request.redirect_uri)) {
    return { show: 'The redirect URI is not allowed for this client.' };
  }
  const back = (error: string, description: string) => ({
    redirect: withParams(request.redirect_uri, {
      error,
      error_description: description,
      state: request.state,
    }),
  });
  if (request.response_type !== 'code')
    return back('unsupported_response_type', 'Only the code flow is supported.');
  if (
    !request.code_challenge ||
    request.code_challenge_method !== 'S256' ||
    !/^[\w-]{43,128}$/.test(request.code_challenge)
  ) {
    return back('invalid_request', 'A PKCE code_challenge with code_challenge_method S256 is required.');
  }
  const scopes = (request.scope ?? 'openid').split(/\s+/).filter(Boolean);
  if (scopes.some((scope) => !SUPPORTED_SCOPES.has(scope)))
    return back('invalid_scope', 'A requested scope is not allowed.');
  return {
    ...found,
    grant: {
      redirectUri: request.redirect_uri,
      codeChallenge: request.code_challenge,
      scopes,
      ...(request.nonce ? { nonce: request.nonce } : {}),
      ...(request.state === undefined ? {} : { state: request.state }),
    },
    ...(request.identity_provider ? { identityProvider: request.identity_provider } : {}),
  };
}

/** A URL with query parameters added (undefined ones left out). */
export function withParams(url: string, params: Record<string, string | undefined>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) target.searchParams.set(name, value);
  return target.toString();
}
