/**
 * Event counts by key in fixed windows: what the request limits and the code budgets count with. Kept in
 * one process's memory here; several instances need a shared store behind the same interface.
 */
export interface WindowCounters {
  /** Counts one event under the key and answers the count in its window (the first event opens one). */
  increment(key: string, windowMs: number): Promise<number>;
  /** The count in the key's open window; 0 when none is open. */
  count(key: string): Promise<number>;
}

/** Past this many keys, windows that have ended are dropped before a new one is opened. */
const PRUNE_ABOVE = 50_000;

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
