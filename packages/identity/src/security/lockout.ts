import { and, eq } from 'drizzle-orm';
import type { IdentityDb } from '../db/database';
import { lockouts } from '../db/schema';
import { notAuthorized } from '../protocol/errors';

export type LockKind = 'password' | 'mfa';

const FREE_FAILURES = 4;
const MAX_LOCK_MS = 15 * 60_000;
/** A quiet spell this long forgets earlier failures. */
const RESET_AFTER_MS = 15 * 60_000;

const LOCKED_MESSAGE: Record<LockKind, string> = {
  password: 'Password attempts exceeded',
  mfa: 'Too many invalid credentials attempts. User temporarily locked. Please try again after few seconds.',
};

export interface Lockout {
  /** Refuses while a lock is running; attempts made then neither count nor lengthen it. */
  assertOpen(poolId: string, usernameKey: string, kind: LockKind): Promise<void>;
  recordFailure(poolId: string, usernameKey: string, kind: LockKind): Promise<void>;
  reset(poolId: string, usernameKey: string, kind: LockKind): Promise<void>;
}

/**
 * Cognito's temporary lockout: the fifth consecutive failure locks for 1 s and each further one doubles
 * it, up to about 15 minutes; success resets. Kept per username, known or not, so it reveals nothing.
 */
export function createLockout(db: IdentityDb, now: () => Date): Lockout {
  const key = (poolId: string, usernameKey: string, kind: LockKind) =>
    and(eq(lockouts.poolId, poolId), eq(lockouts.usernameKey, usernameKey), eq(lockouts.kind, kind));

  return {
    async assertOpen(poolId, usernameKey, kind) {
      const [row] = await db
        .select()
        .from(lockouts)
        .where(key(poolId, usernameKey, kind));
      if (row?.lockedUntil && row.lockedUntil > now()) throw notAuthorized(LOCKED_MESSAGE[kind]);
    },

    async recordFailure(poolId, usernameKey, kind) {
      const at = now();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(lockouts)
          .where(key(poolId, usernameKey, kind))
          .for('update');
        const fresh = !row || at.getTime() - row.lastFailureAt.getTime() > RESET_AFTER_MS;
        const failures = fresh ? 1 : row.failures + 1;
        const lockedUntil =
          failures > FREE_FAILURES
            ? new Date(at.getTime() + Math.min(1000 * 2 ** (failures - FREE_FAILURES - 1), MAX_LOCK_MS))
            : null;
        await tx
          .insert(lockouts)
          .values({ poolId, usernameKey, kind, failures, lastFailureAt: at, lockedUntil })
          .onConflictDoUpdate({
            target: [lockouts.poolId, lockouts.usernameKey, lockouts.kind],
            set: { failures, lastFailureAt: at, lockedUntil },
          });
      });
    },

    async reset(poolId, usernameKey, kind) {
      await db.delete(lockouts).where(key(poolId, usernameKey, kind));
    },
  };
}
