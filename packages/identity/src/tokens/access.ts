import { decodeJwt, decodeProtectedHeader, errors, type JWTPayload, jwtVerify } from 'jose';
import type { IdentityContext } from '../context';
import { CognitoError, MESSAGE, notAuthorized } from '../protocol/errors';
import { findUserById, type User } from '../users/repository';
import { issuerOf } from './issue';
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
export async function authenticate(ctx: IdentityContext, token: string): Promise<Caller> {
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
  const session = await findSession(ctx.db, claims.origin_jti);
  if (!session || session.revokedAt) throw notAuthorized(MESSAGE.accessTokenRevoked);
  const user = await findUserById(ctx.db, claims.sub);
  if (!user || user.poolId !== poolId) throw new CognitoError('UserNotFoundException', MESSAGE.userNotFound);
  if (!user.enabled) throw notAuthorized(MESSAGE.userDisabled);
  return { user, session, claims };
}

/** Which pool and key to check the token against, read before it is verified. */
function unverifiedOrigin(ctx: IdentityContext, token: string): { poolId: string; kid: string } {
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
