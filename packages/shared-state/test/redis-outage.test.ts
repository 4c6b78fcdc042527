import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedState } from '../src/index';
import { deleteTestKeys, testKeyPrefix, testRedisUrl } from '../src/testing';
import type { SharedState } from '../src/types';

const redisUrl = await testRedisUrl();

/** A TCP relay to Redis that the test can cut, as a network failure between an instance and Redis would. */
async function relayTo(url: string): Promise<{ url: string; cut(): void }> {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

describe('shared state without Redis', () => {
  it('stops the start with a message naming REDIS_URL when Redis does not answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await new Promise((resolve) => closed.close(resolve));
    const logger = { warn: () => {}, error: () => {} };
    await expect(
      createSharedState({ redisUrl: `redis://:secret@127.0.0.1:${port}`, logger }),
    ).rejects.toThrow(/^REDIS_URL: Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+ did not answer/);
  });
});

if (!redisUrl) console.warn('[tests] skipping "when Redis fails after the start": no Redis answers.');

describe.skipIf(!redisUrl)('shared state when Redis fails after the start', () => {
  let state: SharedState;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  const warnings: string[] = [];
  const keyPrefix = testKeyPrefix();

  beforeAll(async () => {
    relay = await relayTo(redisUrl ?? '');
    const logger = { warn: (_: object, msg?: string) => warnings.push(msg ?? ''), error: () => {} };
    state = await createSharedState({ redisUrl: relay.url, logger, keyPrefix });
  });
  afterAll(async () => {
    await state.close();
    await deleteTestKeys(redisUrl ?? '', keyPrefix);
  });

  it('misses the cache, lets limited requests through and trusts no cached verification, with a warning', async () => {
    const cache = state.cache<string>('outage', { ttlMs: 60_000, maxEntries: 10 });
    await cache.set('k', 'v');
    expect(await cache.get('k')).toBe('v');
    const limiter = state.rateLimiter('outage', { limit: 1, windowMs: 60_000 });
    await limiter.hit('k');
    expect((await limiter.hit('k')).allowed).toBe(false);

    relay.cut();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(await cache.get('k')).toBeUndefined();
    await cache.set('k', 'w');
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect(await state.revocations.generation('pool', 'user')).toBeNull();
    expect(warnings.length).toBeGreaterThan(0);
  });
});
