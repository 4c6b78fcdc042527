import type { WindowCounters } from '@storefront/shared-state';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { IdentityDb } from '../db/database';
import { counterWindows } from '../db/schema';

/** Windows are pruned this long after they ended, so a clock a little behind another's still finds its own. */
const PRUNE_AFTER_MS = 24 * 3_600_000;
/** Each instance prunes at most this often, on the first increment after the interval. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The code budgets' counters: in the database (`identity.counter_windows`), shared by every instance and kept
 * across restarts (the request limits count in the shared state, memory or Redis). Each
 * increment is one atomic upsert, so parallel increments, here or on another instance, never lose a count.
 * Times are the app's clock (`now`).
 */
export function databaseCounters(db: IdentityDb, now: () => Date): WindowCounters {
  let nextPrune = 0;
  const prune = async (at: Date) => {
    if (at.getTime() < nextPrune) return;
    nextPrune = at.getTime() + PRUNE_EVERY_MS;
    await db.delete(counterWindows).where(lt(counterWindows.endsAt, new Date(at.getTime() - PRUNE_AFTER_MS)));
  };

  return {
    async increment(key, windowMs) {
      const at = now();
      await prune(at);
      const endsAt = new Date(at.getTime() + windowMs);
      // Both CASEs read the row as it was: an open window counts on, an ended one starts again at 1.
      const open = sql`${counterWindows.endsAt} > ${at.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(counterWindows)
        .values({ key, endsAt, count: 1 })
        .onConflictDoUpdate({
          target: counterWindows.key,
          set: {
            count: sql`case when ${open} then ${counterWindows.count} + 1 else 1 end`,
            endsAt: sql`case when ${open} then ${counterWindows.endsAt} else ${endsAt.toISOString()}::timestamptz end`,
          },
        })
        .returning({ count: counterWindows.count });
      if (!row) throw new Error(`counter ${key}: the upsert returned no row`);
      return row.count;
    },
    async count(key) {
      const [row] = await db
        .select({ count: counterWindows.count })
        .from(counterWindows)
        .where(and(eq(counterWindows.key, key), gt(counterWindows.endsAt, now())));
      return row?.count ?? 0;
    },
  };
}
