import { z } from 'zod';
import type { IdentityContext } from '../context';
import { CognitoError } from '../protocol/errors';
import { issueTokens } from '../tokens/issue';
import { openSession, type Session, sessionOfRefreshToken } from '../tokens/sessions';
import { findClient } from '../users/pools';
import { findUserById } from '../users/repository';
import { redeemAuthorizationCode } from './grant';

const tokenRequest = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    client_id: z.string().min(1),
    code: z.string().min(1).max(512),
    redirect_uri: z.string().min(1),
    code_verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    client_id: z.string().min(1),
    refresh_token: z.string().min(1),
  }),
]);

export interface TokenAnswer {
  status: 200 | 400;
  body: Record<string, string | number>;
}

const oauthError = (error: string): TokenAnswer => ({ status: 400, body: { error } });

/** POST /oauth2/token (RFC 6749): a code with its PKCE verifier, or a refresh token, for tokens. */
export async function exchangeTokens(
  ctx: IdentityContext,
  form: Record<string, unknown>,
): Promise<TokenAnswer> {
  const grantType = form.grant_type;
  if (grantType !== 'authorization_code' && grantType !== 'refresh_token')
    return oauthError('unsupported_grant_type');
  const parsed = tokenRequest.safeParse(form);
  if (!parsed.success) return oauthError('invalid_request');
  const request = parsed.data;
  if (!(await findClient(ctx.db, request.client_id))) return oauthError('invalid_client');
  if (request.grant_type === 'authorization_code') {
    const code = await redeemAuthorizationCode(ctx, {
      code: request.code,
      clientId: request.client_id,
      redirectUri: request.redirect_uri,
      codeVerifier: request.code_verifier,
    });
    const user = code && (await findUserById(ctx.db, code.userId));
    if (!code || !user?.enabled) return oauthError('invalid_grant');
    const { session, refreshToken } = await openSession(ctx, {
      poolId: user.poolId,
      clientId: code.clientId,
      userId: user.id,
      scopes: code.scopes,
      authTime: code.authTime,
    });
    return tokensFor(ctx, session, code.nonce ?? undefined, refreshToken);
  }
  let session: Session;
  try {
    session = await sessionOfRefreshToken(ctx, request.refresh_token, request.client_id);
  } catch (error) {
    if (error instanceof CognitoError) return oauthError('invalid_grant');
    throw error;
  }
  return tokensFor(ctx, session);
}

/** The token response; an id token only when the session's scopes include openid. */
async function tokensFor(
  ctx: IdentityContext,
  session: Session,
  nonce?: string,
  refreshToken?: string,
): Promise<TokenAnswer> {
  const user = await findUserById(ctx.db, session.userId);
  if (!user?.enabled) return oauthError('invalid_grant');
  const tokens = await issueTokens(ctx, user, session, nonce);
  return {
    status: 200,
    body: {
      access_token: tokens.AccessToken,
      ...(session.scopes.includes('openid') ? { id_token: tokens.IdToken } : {}),
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      token_type: 'Bearer',
      expires_in: tokens.ExpiresIn,
    },
  };
}
