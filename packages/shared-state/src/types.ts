/**
 * What several instances of the server must share to behave as one: caches, rate limits and revocation marks.
 * Each has an in-process implementation (the embedded default) and a Redis one (REDIS_URL); callers only
 * ever await these interfaces (docs/decisions/0039-shared-state-on-redis.md).
 */

/** A bounded cache whose values expire; JSON-serialisable values only, so Redis can hold them. */
export interface Cache<V> {
  get(key: string): Promise<V | undefined>;
  set(key: string, value: V): Promise<void>;
  /** Gone for every instance: the next get anywhere misses. */
  delete(key: string): Promise<void>;
}

export interface CacheOptions {
  /** How long an entry lives; 0 or less caches nothing. */
  ttlMs: number;
  /** Past this many entries the oldest go first. */
  maxEntries: number;
}

export interface RateRule {
  limit: number;
  windowMs: number;
}

/** What a rate limiter decided about one event. */
export interface RateDecision {
  allowed: boolean;
  /** When the key's window ends and it may act again. */
  retryAfterMs: number;
}

/** Counts events per key in fixed windows; not allowed past the rule's limit in a window. */
export interface RateLimiter {
  /** Counts `weight` events (1 unless given: a budget of bytes counts a file by its size). */
  hit(key: string, weight?: number): Promise<RateDecision>;
}

/** Event counts by key in fixed windows, each key with a window of the caller's choosing. */
export interface WindowCounters {
  /** Counts one event under the key and answers the count in its window (the first event opens one). */
  increment(key: string, windowMs: number): Promise<number>;
  /** The count in the key's open window; 0 when none is open. */
  count(key: string): Promise<number>;
}

/**
 * Per user of a pool, a generation that moves on whenever what was verified about the user stops holding
 * (signed out, disabled, deleted, changed): a cached verification of an earlier generation is not trusted.
 */
export interface Revocations {
  /** The user's current generation; null when the store cannot tell (then nothing cached may be trusted). */
  generation(poolId: string, username: string): Promise<number | null>;
  /** Moves the user's generation on, for every instance. */
  revoke(poolId: string, username: string): Promise<void>;
}

export interface SharedState {
  /** Where the state lives: this process, or the Redis every instance uses. */
  readonly store: 'memory' | 'redis';
  /** A cache of its own under `namespace`. */
  cache<V extends {}>(namespace: string, options: CacheOptions): Cache<V>;
  rateLimiter(namespace: string, rule: RateRule): RateLimiter;
  windowCounters(namespace: string): WindowCounters;
  readonly revocations: Revocations;
  /** Resolves when the store answers now (Redis: PING); readiness asks it. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The structured logger the server passes in (pino fits). */
export interface StateLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
