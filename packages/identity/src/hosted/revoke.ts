import { z } from 'zod';
import type { IdentityContext } from '../context';
import { CognitoError } from '../protocol/errors';
import { revokeRefreshToken } from '../tokens/sessions';
import { findClient } from '../users/pools';

const revokeRequest = z.object({
  token: z.string().min(1).max(4096),
  client_id: z.string().min(1).max(128),
});

export interface RevokeAnswer {
  status: 200 | 400 | 401;
  body?: { error: string };
}

/**
 * POST /oauth2/revoke (RFC 7009, as Cognito answers it): the refresh token and every access token of its
 * session stop working. An unknown token is no error; another client's token is `unsupported_token_type`.
 */
export async function revokeToken(
  ctx: IdentityContext,
  form: Record<string, unknown>,
): Promise<RevokeAnswer> {
  const parsed = revokeRequest.safeParse(form);
  if (!parsed.success) return { status: 400, body: { error: 'invalid_request' } };
  const { token, client_id: clientId } = parsed.data;
  if (!(await findClient(ctx.db, clientId))) return { status: 401, body: { error: 'invalid_client' } };
  try {
    await revokeRefreshToken(ctx, token, clientId);
  } catch (error) {
    if (error instanceof CognitoError) return { status: 400, body: { error: 'unsupported_token_type' } };
    throw error;
  }
  return { status: 200 };
}
