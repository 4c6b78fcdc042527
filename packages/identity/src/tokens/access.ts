import { decodeJwt, decodeProtectedHeader, errors, type JWTPayload, jwtVerify } from 'jose';
import type { IdentityContext } from '../context';
import { CognitoError, MESSAGE, notAuthorized } from '../protocol/errors';
import { findUserById, type User } from '../users/repository';
import { ADMIN_SCOPE, issuerOf } from './issue';
import { findSession, type Session } from './sessions';

export interface Caller {
  user: User;
  session: Session;
  claims: JWTPayload;
}

/**
 * The user an access token speaks for: signature by one of the pool's published keys, issuer, expiry,
 * token use, then the session (revoked by sign-out) and the user (deleted or disabled since).
 */
export async function authenticate(
  ctx: IdentityContext,
  token: string,
  scope: { required: boolean } = { required: true },
): Promise<Caller> {
  const { poolId, kid } = unverifiedOrigin(ctx, token);
  const key = await ctx.keys.verifier(poolId, kid);
  if (!key) throw notAuthorized(MESSAGE.accessTokenInvalid);
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token, key, {
      issuer: issuerOf(ctx, poolId),
      algorithms: ['RS256'],
      currentDate: ctx.now(),
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw notAuthorized(MESSAGE.accessTokenExpired);
    if (error instanceof errors.JOSEError) throw notAuthorized(MESSAGE.accessTokenInvalid);
    throw error;
  }
  if (claims.token_use !== 'access' || typeof claims.origin_jti !== 'string' || !claims.sub) {
    throw notAuthorized(MESSAGE.accessTokenInvalid);
  }
  // A hosted-login token without the admin scope reaches /oauth2/userInfo only.
  if (
    scope.required &&
    !String(claims.scope ?? '')
      .split(' ')
      .includes(ADMIN_SCOPE)
  ) {
    throw notAuthorized('Access Token does not have required scopes');
  }
  const user = await findUserById(ctx.db, claims.sub);
  if (!user || user.poolId !== poolId) throw new CognitoError('UserNotFoundException', MESSAGE.userNotFound);
  const session = await findSession(ctx.db, claims.origin_jti);
  if (!session || session.revokedAt) throw notAuthorized(MESSAGE.accessTokenRevoked);
  if (!user.enabled) throw notAuthorized(MESSAGE.userDisabled);
  return { user, session, claims };
}

/** Which pool and key to check the token against, read before it is verified. */
export function unverifiedOrigin(ctx: IdentityContext, token: string): { poolId: string; kid: string } {
  try {
    const { kid } = decodeProtectedHeader(token);
    const { iss } = decodeJwt(token);
    const prefix = `${ctx.issuerBase}/`;
    if (kid && iss?.startsWith(prefix)) return { poolId: iss.slice(prefix.length), kid };
  } catch {
    // Not a JWT at all: refused below like any other bad token.
  }
  throw notAuthorized(MESSAGE.accessTokenInvalid);
}
