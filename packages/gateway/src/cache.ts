import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** Async so a shared store (Redis) can replace the in-memory one when several gateway instances run. */
export interface Cache<V> {
  get(key: string): Promise<V | undefined>;
  set(key: string, value: V): Promise<void>;
}

export const DEFAULT_CACHE_ENTRIES = 1000;

/** An LRU bounded in entries whose values expire after `ttlMs`; a TTL of 0 or less caches nothing. */
export function createMemoryCache<V extends {}>(ttlMs: number, maxEntries = DEFAULT_CACHE_ENTRIES): Cache<V> {
  if (ttlMs <= 0) return { get: async () => undefined, set: async () => {} };
  const lru = new LRUCache<string, V>({ max: maxEntries, ttl: ttlMs });
  return {
    get: async (key) => lru.get(key),
    set: async (key, value) => {
      lru.set(key, value);
    },
  };
}

/** Who a cached answer was computed for: two accounts (or contacts, or user types) never share an entry. */
export interface CacheScope {
  userType: string;
  accountId: string;
  storefrontId: string;
  contactId: string | null;
}

/**
 * SHA-256 of a root field, its arguments (the part of the query text and variables it depends on) and the
 * scope. Keys are sorted, so the order in which a client wrote its variables does not split the cache.
 */
export function cacheKey(field: string, args: unknown, scope: CacheScope): string {
  return createHash('sha256').update(stableJson({ field, args, scope })).digest('hex');
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
