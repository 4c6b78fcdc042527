import { Redis } from 'ioredis';
import type { Cache, CacheOptions, Revocations, SharedState, StateLogger } from './types';
import { type FixedWindows, rateLimiterOver, windowCountersOver } from './windows';

/**
 * Redis behind the shared-state interfaces. Keys are `<prefix><kind>:{<namespace>}:<key>` (the braces keep a
 * namespace in one hash slot), values are JSON, every key has a TTL set in Redis (PX), and each cache keeps an
 * index of its keys by age so it is bounded in entries as the in-process LRU is. When Redis fails after the
 * start, reads miss and limits let the request through (each logged, at most once per WARN_EVERY_MS), so a
 * Redis outage slows pages down rather than failing them (docs/decisions/0039-shared-state-on-redis.md).
 */

/** A command Redis has not answered within this is given up (the caller misses or is let through). */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** How long start-up waits for Redis to answer before it stops with a message naming REDIS_URL. */
export const REDIS_CONNECT_TIMEOUT_MS = 5_000;
/** A user's generation outlives every cached verification by far (those live seconds). */
const REVOCATION_TTL_MS = 24 * 3_600_000;
const WARN_EVERY_MS = 10_000;

/** Sets an entry with its TTL, indexes it by age, drops expired index entries and the oldest past the bound. */
const CACHE_SET = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ttl)
redis.call('ZADD', KEYS[2], now, KEYS[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - ttl)
local excess = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[3])
if excess > 0 then
  local oldest = redis.call('ZRANGE', KEYS[2], 0, excess - 1)
  redis.call('DEL', unpack(oldest))
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, excess - 1)
end
redis.call('PEXPIRE', KEYS[2], ttl)
`;

/** Counts ARGV[2] events: the first opens the window with its TTL; answers the count and the time left. */
const WINDOW_HIT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}
`;

const REVOKE = `
local generation = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return generation
`;

type ScriptedRedis = Redis & {
  cacheSet(entry: string, index: string, value: string, ttlMs: number, maxEntries: number): Promise<unknown>;
  windowHit(key: string, windowMs: number, weight: number): Promise<[number, number]>;
  revoke(key: string, ttlMs: number): Promise<number>;
};

export class RedisUnavailable extends Error {}

/** `redis://user:***@host:port/db`: where, without the password, for messages and logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an unparseable URL';
  }
}

/** Connects, or rejects with RedisUnavailable once Redis has not answered within the connect timeout. */
async function connect(url: string, logger: StateLogger): Promise<ScriptedRedis> {
  const client = new Redis(url, {
    lazyConnect: true,
    // Fail at once while disconnected instead of queueing: a request must not wait for Redis to come back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    scripts: {
      cacheSet: { numberOfKeys: 2, lua: CACHE_SET },
      windowHit: { numberOfKeys: 1, lua: WINDOW_HIT },
      revoke: { numberOfKeys: 1, lua: REVOKE },
    },
  }) as ScriptedRedis;
  const warn = throttled((detail: object) => logger.warn(detail, 'shared state: Redis is unavailable'));
  client.on('error', (error: Error) => warn({ err: error.message }));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new RedisUnavailable(error instanceof Error ? error.message : String(error));
  }
  return client;
}

function throttled(log: (detail: object) => void): (detail: object) => void {
  let last = 0;
  return (detail) => {
    const at = Date.now();
    if (at - last < WARN_EVERY_MS) return;
    last = at;
    log(detail);
  };
}

export interface RedisStateOptions {
  url: string;
  logger: StateLogger;
  /** Every key starts with it; `sf:` unless a test isolates itself. */
  keyPrefix?: string;
}

export async function redisSharedState(options: RedisStateOptions): Promise<SharedState> {
  const client = await connect(options.url, options.logger);
  const prefix = options.keyPrefix ?? 'sf:';
  const warn = throttled((detail: object) =>
    options.logger.warn(detail, 'shared state: a Redis command failed; answered without Redis'),
  );
  /** Runs a command; when Redis fails, logs (throttled) and answers `fallback` instead. */
  const orElse = async <T>(fallback: T, command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (error) {
      warn({ err: error instanceof Error ? error.message : String(error) });
      return fallback;
    }
  };

  const cache = <V extends {}>(namespace: string, { ttlMs, maxEntries }: CacheOptions): Cache<V> => {
    if (ttlMs <= 0) return { get: async () => undefined, set: async () => {}, delete: async () => {} };
    const index = `${prefix}cache:{${namespace}}`;
    const entry = (key: string) => `${index}:${key}`;
    return {
      get: (key) =>
        orElse(undefined, async () => {
          const stored = await client.get(entry(key));
          return stored === null ? undefined : (JSON.parse(stored) as V);
        }),
      set: (key, value) =>
        orElse(undefined, async () => {
          await client.cacheSet(entry(key), index, JSON.stringify(value), Math.ceil(ttlMs), maxEntries);
        }),
      delete: (key) =>
        orElse(undefined, async () => {
          await client.multi().del(entry(key)).zrem(index, entry(key)).exec();
        }),
    };
  };

  const windows = (namespace: string): FixedWindows => {
    const key = (name: string) => `${prefix}window:{${namespace}}:${name}`;
    return {
      // Fails open: a limit Redis cannot count lets the event through rather than refusing everyone.
      hit: (name, windowMs, weight = 1) =>
        orElse({ count: 0, endsInMs: windowMs }, async () => {
          const [count, endsInMs] = await client.windowHit(key(name), Math.ceil(windowMs), weight);
          return { count, endsInMs };
        }),
      count: (name) => orElse(0, async () => Number((await client.get(key(name))) ?? 0)),
    };
  };

  const generationKey = (poolId: string, username: string) => `${prefix}revocation:{${poolId}}:${username}`;
  const revocations: Revocations = {
    generation: (poolId, username) =>
      orElse(null, async () => Number((await client.get(generationKey(poolId, username))) ?? 0)),
    revoke: async (poolId, username) => {
      try {
        await client.revoke(generationKey(poolId, username), REVOCATION_TTL_MS);
      } catch (error) {
        // The pool refuses the token already; only other instances' cached verifications outlive it, by their TTL.
        options.logger.error(
          { err: error instanceof Error ? error.message : String(error), poolId },
          'shared state: a revocation could not be recorded in Redis; cached verifications expire by their TTL',
        );
      }
    },
  };

  return {
    store: 'redis',
    cache,
    rateLimiter: (namespace, rule) => rateLimiterOver(windows(namespace), rule),
    windowCounters: (namespace) => windowCountersOver(windows(namespace)),
    revocations,
    ping: async () => {
      await client.ping();
    },
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
