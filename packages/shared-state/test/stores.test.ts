import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TwoInstances, testStateStores } from '../src/testing';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(await testStateStores())('shared state in $name', (store) => {
  let instances: TwoInstances;
  beforeAll(async () => {
    instances = await store.open();
  });
  afterAll(() => instances.close());

  describe('cache', () => {
    it('answers what either instance stored, until the TTL ends', async () => {
      const { first, second } = instances;
      await first.cache<{ page: string }>('expiry', { ttlMs: 100, maxEntries: 10 }).set('k', { page: 'v' });
      const other = second.cache<{ page: string }>('expiry', { ttlMs: 100, maxEntries: 10 });
      expect(await other.get('k')).toEqual({ page: 'v' });
      await pause(250);
      expect(await other.get('k')).toBeUndefined();
    });

    it('keeps the newest entries within its bound', async () => {
      const cache = instances.first.cache<string>('bounded', { ttlMs: 60_000, maxEntries: 3 });
      for (const key of ['a', 'b', 'c', 'd', 'e']) {
        await cache.set(key, key.toUpperCase());
        await pause(2);
      }
      const kept = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((key) => cache.get(key)));
      expect(kept.filter((value) => value !== undefined)).toHaveLength(3);
      expect(kept.slice(3)).toEqual(['D', 'E']);
    });

    it('forgets a deleted entry on every instance', async () => {
      const options = { ttlMs: 60_000, maxEntries: 10 };
      await instances.first.cache<number>('deleted', options).set('k', 1);
      await instances.second.cache<number>('deleted', options).delete('k');
      expect(await instances.first.cache<number>('deleted', options).get('k')).toBeUndefined();
    });

    it('keeps nothing with a TTL of 0', async () => {
      const cache = instances.first.cache<string>('off', { ttlMs: 0, maxEntries: 10 });
      await cache.set('k', 'v');
      expect(await cache.get('k')).toBeUndefined();
    });

    it('keeps namespaces apart', async () => {
      const options = { ttlMs: 60_000, maxEntries: 10 };
      await instances.first.cache<string>('one', options).set('k', 'one');
      expect(await instances.first.cache<string>('two', options).get('k')).toBeUndefined();
    });

    it('holds a 100 KB page as it was stored', async () => {
      const page = `<!doctype html><p>${'µ"\\<&'.repeat(20_000)}</p>`;
      const cache = instances.first.cache<string>('pages', { ttlMs: 60_000, maxEntries: 10 });
      await cache.set('/product/FCA-10001', page);
      expect(
        await instances.second
          .cache<string>('pages', { ttlMs: 60_000, maxEntries: 10 })
          .get('/product/FCA-10001'),
      ).toBe(page);
    });
  });

  describe('rate limiter', () => {
    it('counts both instances’ events in one window and refuses past the limit, saying when it ends', async () => {
      const rule = { limit: 3, windowMs: 60_000 };
      const first = instances.first.rateLimiter('limited', rule);
      const second = instances.second.rateLimiter('limited', rule);
      expect((await first.hit('guest')).allowed).toBe(true);
      expect((await second.hit('guest')).allowed).toBe(true);
      expect((await first.hit('guest')).allowed).toBe(true);
      const refused = await second.hit('guest');
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBeGreaterThan(50_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect((await first.hit('another guest')).allowed).toBe(true);
    });

    it('opens a new window when the last one ends', async () => {
      const limiter = instances.first.rateLimiter('windowed', { limit: 1, windowMs: 100 });
      await limiter.hit('k');
      expect((await limiter.hit('k')).allowed).toBe(false);
      await pause(250);
      expect((await limiter.hit('k')).allowed).toBe(true);
    });

    it('counts an event by its weight: a budget of bytes takes a file by its size', async () => {
      const rule = { limit: 1000, windowMs: 60_000 };
      const first = instances.first.rateLimiter('weighed', rule);
      const second = instances.second.rateLimiter('weighed', rule);
      expect((await first.hit('client', 600)).allowed).toBe(true);
      expect((await second.hit('client', 400)).allowed).toBe(true);
      expect((await first.hit('client', 1)).allowed).toBe(false);
      expect((await second.hit('another client', 1000)).allowed).toBe(true);
    });
  });

  describe('window counters', () => {
    it('never loses a count when both instances increment at once', async () => {
      const first = instances.first.windowCounters('concurrent');
      const second = instances.second.windowCounters('concurrent');
      await Promise.all(
        Array.from({ length: 200 }, (_, i) => (i % 2 ? first : second).increment('ip:192.0.2.1', 60_000)),
      );
      expect(await first.count('ip:192.0.2.1')).toBe(200);
      expect(await second.count('ip:192.0.2.1')).toBe(200);
      expect(await first.count('ip:192.0.2.2')).toBe(0);
    });
  });

  describe('revocations', () => {
    it('moves a user’s generation on for every instance, and no other user’s', async () => {
      const { first, second } = instances;
      const before = await second.revocations.generation('pool-1', 'buyer@lab.example');
      await first.revocations.revoke('pool-1', 'buyer@lab.example');
      expect(await second.revocations.generation('pool-1', 'buyer@lab.example')).not.toBe(before);
      expect(await second.revocations.generation('pool-2', 'buyer@lab.example')).toBe(0);
      expect(await second.revocations.generation('pool-1', 'other@lab.example')).toBe(0);
    });
  });
});
