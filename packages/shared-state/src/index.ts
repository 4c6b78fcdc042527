export { type Generations, generations } from './generations';
export { memoryCache, memorySharedState } from './memory';
export { redactRedisUrl } from './redis';
export { createSharedState, type SharedStateOptions } from './shared-state';
export type {
  Cache,
  CacheOptions,
  RateDecision,
  RateLimiter,
  RateRule,
  Revocations,
  SharedState,
  StateLogger,
  WindowCounters,
} from './types';
