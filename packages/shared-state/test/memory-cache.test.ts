import { describe, expect, it } from 'vitest';
import { memoryCache } from '../src/memory';

describe('a cache in this process', () => {
  it('drops expired entries that nobody asks for again, so stale pages take no memory', async () => {
    const cache = memoryCache<{ body: string }>({ ttlMs: 1_000, maxEntries: 100 });
    for (let page = 0; page < 10; page++) await cache.set(`/p/${page}`, { body: 'x'.repeat(1_000) });
    expect(cache.held()).toBe(10);
    expect(await cache.get('/p/3')).toEqual({ body: 'x'.repeat(1_000) });

    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(cache.held()).toBe(0);
    expect(await cache.get('/p/3')).toBeUndefined();
  });
});
