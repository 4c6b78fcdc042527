import { randomUUID } from 'node:crypto';
import { type JWTPayload, SignJWT } from 'jose';
import type { IdentityContext } from '../context';
import { groupNames, type User } from '../users/repository';
import type { Session } from './sessions';

/** Access and id tokens live an hour, Cognito's default. */
const TOKEN_SECONDS = 3600;

/** The scope of tokens from the user-pool API, and the one its token-authenticated operations require. */
export const ADMIN_SCOPE = 'aws.cognito.signin.user.admin';

export interface IssuedTokens {
  AccessToken: string;
  IdToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

export function issuerOf(ctx: IdentityContext, poolId: string): string {
  return `${ctx.issuerBase}/${poolId}`;
}

/** Signs an access and an id token for a session, with Cognito's claims (and the hosted login's nonce). */
export async function issueTokens(
  ctx: IdentityContext,
  user: User,
  session: Session,
  nonce?: string,
): Promise<IssuedTokens> {
  const groups = await groupNames(ctx.db, user.id);
  const iat = Math.floor(ctx.now().getTime() / 1000);
  const common = {
    sub: user.id,
    ...(groups.length > 0 ? { 'cognito:groups': groups } : {}),
    iss: issuerOf(ctx, user.poolId),
    origin_jti: session.id,
    event_id: randomUUID(),
    auth_time: Math.floor(session.authTime.getTime() / 1000),
    iat,
    exp: iat + TOKEN_SECONDS,
  };
  const access = {
    ...common,
    token_use: 'access',
    client_id: session.clientId,
    scope: session.scopes.join(' '),
    jti: randomUUID(),
    username: user.username,
  };
  const id = {
    ...common,
    ...idAttributes(user.attributes),
    'cognito:username': user.username,
    ...(nonce ? { nonce } : {}),
    aud: session.clientId,
    token_use: 'id',
    jti: randomUUID(),
  };
  const [AccessToken, IdToken] = await Promise.all([
    sign(ctx, user.poolId, access),
    sign(ctx, user.poolId, id),
  ]);
  return { AccessToken, IdToken, ExpiresIn: TOKEN_SECONDS, TokenType: 'Bearer' };
}

/** Attributes as id-token claims: the verified flags are booleans there. */
function idAttributes(attributes: Record<string, string>): Record<string, string | boolean> {
  const claims: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(attributes)) {
    claims[name] = name.endsWith('_verified') ? value === 'true' : value;
  }
  return claims;
}

async function sign(ctx: IdentityContext, poolId: string, payload: JWTPayload): Promise<string> {
  const { kid, key } = await ctx.keys.signer(poolId);
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
}
