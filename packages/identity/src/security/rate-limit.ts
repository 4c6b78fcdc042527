import type { Context } from 'hono';
import { CognitoError, MESSAGE } from '../protocol/errors';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateLimits {
  /** Every protocol request from one address. */
  perIp: RateLimit;
  /** Requests naming one user (sign-in, sign-up, codes, password reset) in one pool. */
  perUser: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perIp: { limit: 1200, windowMs: 60_000 },
  perUser: { limit: 60, windowMs: 60_000 },
};

/** A fixed-window counter per key, in memory: enough for one process (a shared store is for scale-out). */
function createRateLimiter(now: () => Date) {
  const windows = new Map<string, { start: number; count: number }>();

  function prune(at: number): void {
    for (const [key, window] of windows) if (at - window.start > 3_600_000) windows.delete(key);
  }

  return {
    /** Counts one request; throws TooManyRequestsException past the limit. */
    hit(key: string, rule: RateLimit): void {
      const at = now().getTime();
      if (windows.size > 50_000) prune(at);
      const window = windows.get(key);
      if (!window || at - window.start >= rule.windowMs) {
        windows.set(key, { start: at, count: 1 });
        return;
      }
      window.count += 1;
      if (window.count > rule.limit)
        throw new CognitoError('TooManyRequestsException', MESSAGE.tooManyRequests);
    },
  };
}

/**
 * The limit every route applies: the request's address, then (when the request names one) the user. The
 * returned function throws TooManyRequestsException past either limit.
 */
export function requestLimit(limits: RateLimits, now: () => Date): (c: Context, subject?: string) => void {
  const limiter = createRateLimiter(now);
  return (c, subject) => {
    if (subject !== undefined) return limiter.hit(`user:${subject.toLowerCase()}`, limits.perUser);
    const ip = clientIp(c);
    // No socket means a call from inside this process (the gateway checking a token): not a client to limit.
    if (ip) limiter.hit(`ip:${ip}`, limits.perIp);
  };
}

/** The peer address when served by @hono/node-server (proxies' forwarding headers are not trusted). */
function clientIp(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}
