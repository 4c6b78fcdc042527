import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { codes } from '../db/schema';
import { CognitoError, MESSAGE } from '../protocol/errors';
import { safeEqual } from '../security/compare';

/** What a code proves; attribute verification names its attribute (`VERIFY:email`). */
export type CodePurpose = 'SIGN_UP' | 'FORGOT_PASSWORD' | `VERIFY:${string}`;

/** Sign-up codes last 24 hours, every other code one hour (Cognito's validity periods). */
const LIFETIME_MS: Record<'SIGN_UP' | 'OTHER', number> = { SIGN_UP: 24 * 3_600_000, OTHER: 3_600_000 };
/** Wrong guesses a code survives; then it is gone and a new one must be requested. */
const MAX_FAILURES = 5;

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
      set: { code, expiresAt, failedAttempts: 0, createdAt: now },
    });
  return code;
}

/**
 * Accepts the code once: it is deleted on success. A wrong code counts a failure (the code dies after a
 * few); an expired or missing one asks for a new code.
 */
export async function consumeCode(
  ctx: IdentityContext,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  const key = and(eq(codes.userId, userId), eq(codes.purpose, purpose));
  const [row] = await ctx.db.select().from(codes).where(key);
  if (!row || row.expiresAt <= ctx.now()) {
    if (row) await ctx.db.delete(codes).where(key);
    throw new CognitoError('ExpiredCodeException', MESSAGE.codeExpired);
  }
  if (!safeEqual(row.code, code)) {
    const [counted] = await ctx.db
      .update(codes)
      .set({ failedAttempts: sql`${codes.failedAttempts} + 1` })
      .where(key)
      .returning({ failedAttempts: codes.failedAttempts });
    if ((counted?.failedAttempts ?? MAX_FAILURES) >= MAX_FAILURES) {
      await ctx.db.delete(codes).where(key);
      throw new CognitoError('LimitExceededException', MESSAGE.attemptLimit);
    }
    throw new CognitoError('CodeMismatchException', MESSAGE.codeMismatch);
  }
  // Deleting with the code in the condition makes a concurrent second use find nothing.
  const deleted = await ctx.db
    .delete(codes)
    .where(and(key, eq(codes.code, row.code)))
    .returning({ userId: codes.userId });
  if (deleted.length === 0) throw new CognitoError('ExpiredCodeException', MESSAGE.codeExpired);
}
