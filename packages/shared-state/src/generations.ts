import { randomBytes } from 'node:crypto';
import type { SharedState } from './types';

/**
 * Per key, a generation that moves on, for every instance, whenever what the key names changed (a storefront's
 * catalogue): a cache that puts the generation in its keys never finds what it kept before the change again,
 * without having to find and delete each entry (docs/decisions/0056-catalogue-import.md).
 */
export interface Generations {
  /** The key's generation now; '0' until it first moves on. */
  current(key: string): Promise<string>;
  /** Moves the key's generation on, for every instance sharing the state. */
  advance(key: string): Promise<void>;
}

/**
 * Kept far longer than any cache that uses it keeps an entry: a generation forgotten (after this, or pushed out
 * of the bound) reads '0' again, and whatever was cached under '0' has long expired by then. (Within a timer's
 * 24.8 days: the in-process cache sweeps on a timer of its TTL.)
 */
const GENERATION_TTL_MS = 7 * 24 * 3_600_000;
const MAX_KEYS = 100_000;

export function generations(state: SharedState, namespace: string): Generations {
  const store = state.cache<{ generation: string }>(`generations:${namespace}`, {
    ttlMs: GENERATION_TTL_MS,
    maxEntries: MAX_KEYS,
  });
  return {
    current: async (key) => (await store.get(key))?.generation ?? '0',
    // A value never used before, so no read-modify-write race can make two changes one generation.
    advance: (key) =>
      store.set(key, { generation: `${Date.now().toString(36)}.${randomBytes(6).toString('hex')}` }),
  };
}
