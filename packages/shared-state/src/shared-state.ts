import { memorySharedState } from './memory';
import { RedisUnavailable, redactRedisUrl, redisSharedState } from './redis';
import type { SharedState, StateLogger } from './types';

export interface SharedStateOptions {
  /** Unset: everything in this process. Set: in this Redis, shared by every instance using it. */
  redisUrl?: string | undefined;
  logger: StateLogger;
  /** Every Redis key starts with it; `sf:` unless a test isolates itself. */
  keyPrefix?: string;
}

/** The shared state of a server; a Redis that does not answer stops the start with a message naming REDIS_URL. */
export async function createSharedState(options: SharedStateOptions): Promise<SharedState> {
  if (!options.redisUrl) return memorySharedState();
  try {
    return await redisSharedState({
      url: options.redisUrl,
      logger: options.logger,
      keyPrefix: options.keyPrefix,
    });
  } catch (error) {
    if (!(error instanceof RedisUnavailable)) throw error;
    throw new Error(
      `REDIS_URL: Redis at ${redactRedisUrl(options.redisUrl)} did not answer (${error.message}). Check REDIS_URL, or leave it unset to keep the state in this process.`,
    );
  }
}
