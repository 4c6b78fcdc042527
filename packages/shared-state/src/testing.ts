import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { memorySharedState } from './memory';
import { redactRedisUrl, redisSharedState } from './redis';
import type { SharedState, StateLogger } from './types';

/**
 * Shared state for tests: in memory always, on Redis too when it answers at TEST_REDIS_URL (default
 * redis://127.0.0.1:6379). Each Redis state of a test has a key prefix of its own, removed on close.
 */
export interface TestStateStore {
  name: 'memory' | 'redis';
  /** Two instances' views of one store (in memory: the same one), under a fresh prefix. */
  open(): Promise<TwoInstances>;
}

export interface TwoInstances {
  first: SharedState;
  second: SharedState;
  close(): Promise<void>;
}

const DEFAULT_URL = 'redis://127.0.0.1:6379';
const quietLogger: StateLogger = { warn: () => {}, error: (obj, msg) => console.error(msg, obj) };

let reachable: Promise<string | null> | undefined;

/** The Redis tests may use, or null (with the reason printed) when none answers. */
export function testRedisUrl(): Promise<string | null> {
  reachable ??= probe(process.env.TEST_REDIS_URL || DEFAULT_URL);
  return reachable;
}

async function probe(url: string): Promise<string | null> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 2_000, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return url;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(
      `[tests] Redis is not reachable at ${redactRedisUrl(url)} (${reason}); skipping the Redis suites.`,
    );
    return null;
  } finally {
    client.disconnect();
  }
}

/** A key prefix no other test uses. */
export function testKeyPrefix(): string {
  return `sf-test:${randomBytes(6).toString('hex')}:`;
}

/** A Redis shared state under `keyPrefix`; close() also deletes every key under it. */
export async function openTestRedisState(url: string, keyPrefix: string): Promise<SharedState> {
  const state = await redisSharedState({ url, logger: quietLogger, keyPrefix });
  return {
    ...state,
    close: async () => {
      await deleteTestKeys(url, keyPrefix);
      await state.close();
    },
  };
}

/** Deletes every key under `keyPrefix`. */
export async function deleteTestKeys(url: string, keyPrefix: string): Promise<void> {
  const client = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

const memory: TestStateStore = {
  name: 'memory',
  open: async () => {
    const state = memorySharedState();
    return { first: state, second: state, close: () => state.close() };
  },
};

/** Use with `describe.each(await testStateStores())`. */
export async function testStateStores(): Promise<TestStateStore[]> {
  const url = await testRedisUrl();
  if (!url) return [memory];
  const redis: TestStateStore = {
    name: 'redis',
    open: async () => {
      const keyPrefix = testKeyPrefix();
      const first = await openTestRedisState(url, keyPrefix);
      const second = await redisSharedState({ url, logger: quietLogger, keyPrefix });
      return {
        first,
        second,
        close: async () => {
          await second.close();
          await first.close();
        },
      };
    },
  };
  return [memory, redis];
}
