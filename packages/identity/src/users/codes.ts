import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { codes } from '../db/schema';
import { CognitoError, MESSAGE } from '../protocol/errors';
import { safeEqual } from '../security/compare';
import { type RateLimit, userSubject } from '../security/rate-limit';

/** What a code proves; attribute verification names its attribute (`VERIFY:email`). */
export type CodePurpose = 'SIGN_UP' | 'FORGOT_PASSWORD' | 'SIGN_IN' | `VERIFY:${string}`;

/** Sign-up codes last 24 hours, every other code one hour (Cognito's validity periods). */
const LIFETIME_MS: Record<'SIGN_UP' | 'OTHER', number> = { SIGN_UP: 24 * 3_600_000, OTHER: 3_600_000 };

/**
 * A user's code budgets per purpose, kept by name so an unknown user is answered alike: codes sent (each
 * mail costs one) and wrong guesses, counted across every code sent in the hour, so a new code does not buy
 * new guesses. Five of each make a 6-digit code's odds 5 in a million an hour. Kept in the database
 * (ctx.codeBudgets), so neither a restart nor another instance grants more.
 */
const CODES_SENT: RateLimit = { limit: 5, windowMs: 3_600_000 };
const WRONG_GUESSES: RateLimit = { limit: 5, windowMs: 3_600_000 };

/** Whom a code is for: a pool's username, as the request spells it. */
export interface CodeHolder {
  poolId: string;
  username: string;
}

const budgetKey = (budget: 'sent' | 'wrong', holder: CodeHolder, purpose: CodePurpose) =>
  `code-${budget}:${userSubject(holder.poolId, holder.username)}:${purpose}`;

const attemptLimit = () => new CognitoError('LimitExceededException', MESSAGE.attemptLimit);

/** Counts a code sent to the holder (or pretended to be); past the limit LimitExceededException. */
export async function countCodeSent(
  ctx: IdentityContext,
  holder: CodeHolder,
  purpose: CodePurpose,
): Promise<void> {
  const sent = await ctx.codeBudgets.increment(budgetKey('sent', holder, purpose), CODES_SENT.windowMs);
  if (sent > CODES_SENT.limit) throw attemptLimit();
}

/** A fresh 6-digit code, replacing any earlier one for the same purpose. */
export async function issueCode(ctx: IdentityContext, userId: string, purpose: CodePurpose): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + LIFETIME_MS[purpose === 'SIGN_UP' ? 'SIGN_UP' : 'OTHER']);
  await ctx.db
    .insert(codes)
    .values({ userId, purpose, code, expiresAt, createdAt: now })
    .onConflictDoUpdate({
      target: [codes.userId, codes.purpose],
      set: { code, expiresAt, createdAt: now },
    });
  return code;
}

/**
 * Accepts the user's code once: it is deleted on success. Anything but the right code is a wrong guess
 * (see refuseCode). Only whoever holds the right code learns that it expired.
 */
export async function consumeCode(
  ctx: IdentityContext,
  user: CodeHolder & { id: string },
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  await assertGuessesLeft(ctx, user, purpose);
  const key = and(eq(codes.userId, user.id), eq(codes.purpose, purpose));
  const [row] = await ctx.db.select().from(codes).where(key);
  if (!row || !safeEqual(row.code, code)) {
    // The spent code goes with the budget: after the hour a new one must be requested.
    return refuseCode(ctx, user, purpose, () => ctx.db.delete(codes).where(key));
  }
  // Deleting with the code in the condition makes a concurrent second use find nothing.
  const deleted = await ctx.db
    .delete(codes)
    .where(and(key, eq(codes.code, row.code)))
    .returning({ expiresAt: codes.expiresAt });
  if (!deleted[0] || deleted[0].expiresAt <= ctx.now())
    throw new CognitoError('ExpiredCodeException', MESSAGE.codeExpired);
}

/**
 * A wrong guess, answered the same whether the user exists, has a code or not: CodeMismatchException, and
 * past the guess budget LimitExceededException.
 */
export async function refuseCode(
  ctx: IdentityContext,
  holder: CodeHolder,
  purpose: CodePurpose,
  onBudgetSpent?: () => Promise<unknown>,
): Promise<never> {
  await assertGuessesLeft(ctx, holder, purpose);
  const wrong = await ctx.codeBudgets.increment(budgetKey('wrong', holder, purpose), WRONG_GUESSES.windowMs);
  if (wrong < WRONG_GUESSES.limit) throw new CognitoError('CodeMismatchException', MESSAGE.codeMismatch);
  await onBudgetSpent?.();
  throw attemptLimit();
}

async function assertGuessesLeft(ctx: IdentityContext, holder: CodeHolder, purpose: CodePurpose) {
  if ((await ctx.codeBudgets.count(budgetKey('wrong', holder, purpose))) >= WRONG_GUESSES.limit)
    throw attemptLimit();
}
