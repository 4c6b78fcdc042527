import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { challenges } from '../db/schema';
import { MESSAGE, notAuthorized } from '../protocol/errors';
import { tokenHash } from '../security/compare';
import type { ChallengeName } from '../users/model';

export type Challenge = typeof challenges.$inferSelect;

/** Cognito's default authentication session validity. */
const SESSION_MS = 3 * 60_000;

export interface NewChallenge {
  poolId: string;
  clientId: string;
  userId: string | null;
  usernameKey: string;
  challenge: ChallengeName;
  data: Record<string, string>;
}

/**
 * Stores sign-in state and returns the opaque token the client answers with: base64 (an SRP secret block
 * is decoded and signed by the client) and long enough to be unguessable.
 */
export async function createChallenge(ctx: IdentityContext, values: NewChallenge): Promise<string> {
  const token = randomBytes(96).toString('base64');
  const now = ctx.now();
  // Abandoned sign-ins are cleared as new ones start (expires_at is indexed).
  await ctx.db.delete(challenges).where(lt(challenges.expiresAt, now));
  await ctx.db.insert(challenges).values({
    ...values,
    tokenHash: tokenHash(token),
    expiresAt: new Date(now.getTime() + SESSION_MS),
    createdAt: now,
  });
  return token;
}

/**
 * The live challenge a token stands for, expecting one of the given names and, when the call names one,
 * the client it was opened for (the software-token calls name none).
 */
export async function findChallenge(
  ctx: IdentityContext,
  token: string,
  clientId: string | undefined,
  expected: readonly ChallengeName[],
): Promise<Challenge> {
  const [row] = await ctx.db
    .select()
    .from(challenges)
    .where(eq(challenges.tokenHash, tokenHash(token)));
  if (!row || (clientId !== undefined && row.clientId !== clientId) || !expected.includes(row.challenge)) {
    throw notAuthorized(MESSAGE.invalidSession);
  }
  if (row.expiresAt <= ctx.now()) {
    await ctx.db.delete(challenges).where(eq(challenges.tokenHash, row.tokenHash));
    throw notAuthorized(MESSAGE.sessionExpired);
  }
  return row;
}

/** Uses the challenge up; of two concurrent answers only one gets past this. */
export async function endChallenge(ctx: IdentityContext, challenge: Challenge): Promise<void> {
  const deleted = await ctx.db
    .delete(challenges)
    .where(eq(challenges.tokenHash, challenge.tokenHash))
    .returning({ tokenHash: challenges.tokenHash });
  if (deleted.length === 0) throw notAuthorized(MESSAGE.invalidSession);
}
