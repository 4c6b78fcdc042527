import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { IdentityDb } from '../db/database';
import { counterWindows } from '../db/schema';

/**
 * Event counts by key in fixed windows: what the request limits and the code budgets count with. The request
 * limits count in one process's memory (memoryCounters); the code budgets in the database (databaseCounters),
 * so every instance shares them and a restart forgets nothing.
 */
export interface WindowCounters {
  /** Counts one event under the key and answers the count in its window (the first event opens one). */
  increment(key: string, windowMs: number): Promise<number>;
  /** The count in the key's open window; 0 when none is open. */
  count(key: string): Promise<number>;
}

/** Past this many keys, windows that have ended are dropped before a new one is opened. */
const PRUNE_ABOVE = 50_000;

/** In this process only: fast, but each instance counts apart and a restart starts again at 0. */
export function memoryCounters(now: () => Date): WindowCounters {
  const windows = new Map<string, { endsAt: number; count: number }>();
  const open = (key: string, at: number) => {
    const window = windows.get(key);
    return window && window.endsAt > at ? window : undefined;
  };

  return {
    async increment(key, windowMs) {
      const at = now().getTime();
      const window = open(key, at);
      if (window) return ++window.count;
      if (windows.size > PRUNE_ABOVE) {
        for (const [stale, { endsAt }] of windows) if (endsAt <= at) windows.delete(stale);
      }
      windows.set(key, { endsAt: at + windowMs, count: 1 });
      return 1;
    },
    async count(key) {
      return open(key, now().getTime())?.count ?? 0;
    },
  };
}

/** Windows are pruned this long after they ended, so a clock a little behind another's still finds its own. */
const PRUNE_AFTER_MS = 24 * 3_600_000;
/** Each instance prunes at most this often, on the first increment after the interval. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * In the database (`identity.counter_windows`), shared by every instance and kept across restarts. Each
 * increment is one atomic upsert, so parallel increments, here or on another instance, never lose a count.
 * Times are the app's clock (`now`), as in memoryCounters.
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
