import type { RateLimiter, RateRule, WindowCounters } from './types';

/** One counted event: the count in its key's window and how long that window still runs. */
export interface WindowHit {
  count: number;
  endsInMs: number;
}

/** Fixed windows per key, the one primitive the rate limiters and window counters of a store count with. */
export interface FixedWindows {
  /** Counts `weight` events under the key (the first opens its window). */
  hit(key: string, windowMs: number, weight?: number): Promise<WindowHit>;
  count(key: string): Promise<number>;
}

export function rateLimiterOver(windows: FixedWindows, rule: RateRule): RateLimiter {
  return {
    async hit(key, weight) {
      const { count, endsInMs } = await windows.hit(key, rule.windowMs, weight);
      return { allowed: count <= rule.limit, retryAfterMs: endsInMs };
    },
  };
}

export function windowCountersOver(windows: FixedWindows): WindowCounters {
  return {
    increment: async (key, windowMs) => (await windows.hit(key, windowMs)).count,
    count: (key) => windows.count(key),
  };
}
