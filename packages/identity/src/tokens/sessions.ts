import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import type { IdentityDb } from '../db/database';
import { sessions } from '../db/schema';
import { CognitoError, MESSAGE, notAuthorized } from '../protocol/errors';
import { tokenHash } from '../security/compare';
import { findUserById, type User } from '../users/repository';
import { recordRevocation } from './revocation';

export type Session = typeof sessions.$inferSelect;

/** Cognito's default refresh-token validity. */
const REFRESH_TOKEN_MS = 30 * 24 * 3_600_000;

/** A new sign-in session and its opaque refresh token (only the hash is kept). */
export async function openSession(
  ctx: IdentityContext,
  values: { poolId: string; clientId: string; userId: string; scopes: string[]; authTime: Date },
): Promise<{ session: Session; refreshToken: string }> {
  // The user's sessions whose refresh token expired are of no use any more.
  await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.userId, values.userId), lt(sessions.expiresAt, ctx.now())));
  const refreshToken = randomBytes(48).toString('base64url');
  const [session] = await ctx.db
    .insert(sessions)
    .values({
      ...values,
      id: randomUUID(),
      refreshTokenHash: tokenHash(refreshToken),
      expiresAt: new Date(ctx.now().getTime() + REFRESH_TOKEN_MS),
      createdAt: ctx.now(),
    })
    .returning();
  if (!session) throw new Error('session not stored');
  return { session, refreshToken };
}

/** The live session a refresh token belongs to, for the client it was issued to. */
export async function sessionOfRefreshToken(
  ctx: IdentityContext,
  token: string,
  clientId: string,
): Promise<Session> {
  const [session] = await ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.refreshTokenHash, tokenHash(token)));
  if (!session || session.clientId !== clientId) throw notAuthorized(MESSAGE.refreshTokenInvalid);
  if (session.revokedAt) throw notAuthorized(MESSAGE.refreshTokenRevoked);
  if (session.expiresAt <= ctx.now()) throw notAuthorized(MESSAGE.refreshTokenExpired);
  return session;
}

export async function findSession(db: IdentityDb, id: string): Promise<Session | undefined> {
  const [session] = await db.select().from(sessions).where(eq(sessions.id, id));
  return session;
}

/** RevokeToken: the refresh token and every access token of its session stop working. */
export async function revokeRefreshToken(
  ctx: IdentityContext,
  token: string,
  clientId: string,
): Promise<void> {
  const [session] = await ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.refreshTokenHash, tokenHash(token)));
  // RFC 7009: an unknown token is not an error; another client's token is.
  if (!session) return;
  if (session.clientId !== clientId) throw new CognitoError('UnsupportedTokenTypeException', 'Invalid token');
  await ctx.db.update(sessions).set({ revokedAt: ctx.now() }).where(eq(sessions.id, session.id));
  const user = await findUserById(ctx.db, session.userId);
  if (user) await recordRevocation(ctx, user);
}

/** GlobalSignOut and administrative sign-out: all the user's sessions end. */
export async function revokeUserSessions(ctx: IdentityContext, user: User): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
  await recordRevocation(ctx, user);
}
