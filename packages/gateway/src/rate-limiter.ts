/** What a rate limiter decided about one event. */
export interface RateDecision {
  allowed: boolean;
  /** When the key's window ends and it may act again. */
  retryAfterMs: number;
}

/**
 * Counts events per key in fixed windows. The in-memory one serves one process; several instances need a
 * shared store (Redis) behind the same interface, so callers only ever await it.
 */
export interface RateLimiter {
  /** Counts one event of the key; not allowed past the limit of its window. */
  hit(key: string): Promise<RateDecision>;
}

export interface RateRule {
  limit: number;
  windowMs: number;
}

/** Past this many keys, windows that have ended are dropped before a new one opens, so memory stays bounded. */
const PRUNE_ABOVE = 50_000;

export function memoryRateLimiter(rule: RateRule, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { endsAt: number; count: number }>();
  return {
    async hit(key) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        if (windows.size > PRUNE_ABOVE) {
          for (const [stale, { endsAt }] of windows) if (endsAt <= at) windows.delete(stale);
        }
        window = { endsAt: at + rule.windowMs, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return { allowed: window.count <= rule.limit, retryAfterMs: window.endsAt - at };
    },
  };
}
