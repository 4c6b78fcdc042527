import { z } from 'zod';
import type { IdentityContext } from '../context';
import { idTokenHintOrigin } from '../tokens/id-token-hint';
import { findClient } from '../users/pools';
import { withParams } from './authorize';

/** Cognito's `client_id` + `logout_uri`, and OpenID Connect's `post_logout_redirect_uri` + `id_token_hint`. */
const logoutRequest = z.object({
  client_id: z.string().min(1).max(128).optional(),
  logout_uri: z.string().min(1).max(1024).optional(),
  post_logout_redirect_uri: z.string().min(1).max(1024).optional(),
  id_token_hint: z.string().min(1).max(8192).optional(),
  state: z.string().max(2048).optional(),
});

export type LogoutOutcome = { redirect: string } | { signedOut: true } | { refuse: string };

/**
 * Where a sign-out goes: back to the client only at an exact entry of its logout URLs (anything else would
 * make this an open redirect), with `state` when the OpenID Connect parameters asked; without an address, to
 * our signed-out page. The client is the one named, or the audience of the id token hint; when both are
 * given they must agree.
 */
export async function endSession(
  ctx: IdentityContext,
  params: Record<string, unknown>,
): Promise<LogoutOutcome> {
  const parsed = logoutRequest.safeParse(params);
  if (!parsed.success) return { refuse: 'The sign-out request is not valid.' };
  const request = parsed.data;
  const hinted = request.id_token_hint ? await idTokenHintOrigin(ctx, request.id_token_hint) : undefined;
  if (request.id_token_hint && !hinted)
    return { refuse: 'The sign-out request carries an unknown ID token.' };
  if (hinted && request.client_id && hinted.clientId !== request.client_id)
    return { refuse: 'The ID token was issued to another client.' };
  const clientId = request.client_id ?? hinted?.clientId;
  const found = clientId ? await findClient(ctx.db, clientId) : undefined;
  if (!found || (hinted && found.pool.id !== hinted.poolId))
    return { refuse: 'The sign-out request names no known client.' };
  const target = request.post_logout_redirect_uri ?? request.logout_uri;
  if (target === undefined) return { signedOut: true };
  if (!found.client.logoutUrls.includes(target))
    return { refuse: 'The sign-out address is not allowed for this client.' };
  return {
    redirect: request.post_logout_redirect_uri ? withParams(target, { state: request.state }) : target,
  };
}
