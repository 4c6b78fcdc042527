import { LRUCache } from 'lru-cache';
import type { Cache, CacheOptions, Revocations, SharedState } from './types';
import { type FixedWindows, rateLimiterOver, windowCountersOver } from './windows';

/** Windows that have ended are dropped this often, so a quiet key takes no memory after its window. */
const SWEEP_EVERY_MS = 60_000;
/**
 * Open windows kept at most (about 100 bytes each): past it, the longest-open are dropped. Only a spray of
 * this many keys inside one window reaches it, and the dropped keys then count afresh.
 */
const MAX_OPEN_WINDOWS = 100_000;
/** Users whose generation this process remembers; one forgotten long after its revocation only re-verifies. */
const REMEMBERED_REVOCATIONS = 100_000;
const REVOCATION_TTL_MS = 24 * 3_600_000;

/**
 * An LRU bounded in entries whose values expire after `ttlMs`; a TTL of 0 or less caches nothing. Expired
 * entries are dropped every `ttlMs` (at least every second): the LRU alone keeps them until they are asked for
 * or pushed out, so a cache of short-lived pages would hold its full count of stale ones. `held` tells how many
 * entries it keeps.
 */
export function memoryCache<V extends {}>({
  ttlMs,
  maxEntries,
}: CacheOptions): Cache<V> & { held(): number } {
  if (ttlMs <= 0)
    return { get: async () => undefined, set: async () => {}, delete: async () => {}, held: () => 0 };
  const lru = new LRUCache<string, V>({ max: maxEntries, ttl: ttlMs });
  setInterval(() => lru.purgeStale(), Math.max(ttlMs, 1_000)).unref();
  return {
    get: async (key) => lru.get(key),
    set: async (key, value) => {
      lru.set(key, value);
    },
    delete: async (key) => {
      lru.delete(key);
    },
    held: () => lru.size,
  };
}

/** Fixed windows in this process's memory; `held` tells how many keys it keeps (ended or not). */
export function memoryWindows(
  now: () => number,
  maxOpen = MAX_OPEN_WINDOWS,
): FixedWindows & { held(): number } {
  // In the order they opened: the first entries are the oldest, the first to drop.
  const windows = new Map<string, { endsAt: number; count: number }>();
  let sweptAt = now();
  const open = (key: string, at: number) => {
    const window = windows.get(key);
    return window && window.endsAt > at ? window : undefined;
  };
  const makeRoom = (at: number) => {
    if (at - sweptAt >= SWEEP_EVERY_MS || windows.size >= maxOpen) {
      for (const [stale, { endsAt }] of windows) if (endsAt <= at) windows.delete(stale);
      sweptAt = at;
    }
    for (const oldest of windows.keys()) {
      if (windows.size < maxOpen) break;
      windows.delete(oldest);
    }
  };
  return {
    async hit(key, windowMs, weight = 1) {
      const at = now();
      let window = open(key, at);
      if (!window) {
        windows.delete(key);
        makeRoom(at);
        window = { endsAt: at + windowMs, count: 0 };
        windows.set(key, window);
      }
      window.count += weight;
      return { count: window.count, endsInMs: window.endsAt - at };
    },
    async count(key) {
      return open(key, now())?.count ?? 0;
    },
    held: () => windows.size,
  };
}

function memoryRevocations(): Revocations {
  const generations = new LRUCache<string, number>({ max: REMEMBERED_REVOCATIONS, ttl: REVOCATION_TTL_MS });
  const key = (poolId: string, username: string) => `${poolId}/${username}`;
  return {
    generation: async (poolId, username) => generations.get(key(poolId, username)) ?? 0,
    revoke: async (poolId, username) => {
      generations.set(key(poolId, username), (generations.get(key(poolId, username)) ?? 0) + 1);
    },
  };
}

/**
 * Everything in this process: what one instance needs, and what the embedded default has always done.
 * `now` is the clock the windows count with (tests move it); caches expire on the real clock.
 */
export function memorySharedState(options: { now?: () => number } = {}): SharedState {
  // One store per namespace, as in Redis: whoever asks for a namespace again shares what it holds.
  const caches = new Map<string, Cache<never>>();
  const windows = new Map<string, FixedWindows>();
  const windowsOf = (namespace: string) => {
    let found = windows.get(namespace);
    if (!found) {
      found = memoryWindows(options.now ?? Date.now);
      windows.set(namespace, found);
    }
    return found;
  };
  return {
    store: 'memory',
    cache: <V extends {}>(namespace: string, cacheOptions: CacheOptions) => {
      let found = caches.get(namespace);
      if (!found) {
        found = memoryCache<never>(cacheOptions);
        caches.set(namespace, found);
      }
      return found as Cache<V>;
    },
    rateLimiter: (namespace, rule) => rateLimiterOver(windowsOf(namespace), rule),
    windowCounters: (namespace) => windowCountersOver(windowsOf(namespace)),
    revocations: memoryRevocations(),
    ping: async () => {},
    close: async () => {},
  };
}
