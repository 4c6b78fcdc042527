import { createHash } from 'node:crypto';

/** Entries each of the gateway's caches holds at most. */
export const DEFAULT_CACHE_ENTRIES = 1000;

/** Who a cached answer was computed for: two accounts (or contacts, or user types) never share an entry. */
export interface CacheScope {
  userType: string;
  accountId: string;
  storefrontId: string;
  contactId: string | null;
  /** The storefront catalogue's generation: a catalogue import makes every earlier entry unreachable. */
  catalogueGeneration: string;
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
