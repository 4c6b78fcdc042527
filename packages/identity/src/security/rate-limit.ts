import type { WindowCounters } from '@storefront/shared-state';
import type { Context } from 'hono';
import { CognitoError, MESSAGE } from '../protocol/errors';
import { usernameKey } from '../users/repository';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateLimits {
  /** Every protocol request from one address. */
  perIp: RateLimit;
  /** Requests naming one user (sign-in, sign-up, codes, password reset) in one pool. */
  perUser: RateLimit;
  /** Failed password proofs from one address, counted apart from its requests (`FailedSignIns`). */
  failedSignInsPerAddress: RateLimit;
  /** Failed password proofs from one network: the address's /24 (IPv4) or /64 (IPv6). */
  failedSignInsPerNetwork: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perIp: { limit: 1200, windowMs: 60_000 },
  perUser: { limit: 60, windowMs: 60_000 },
  failedSignInsPerAddress: { limit: 50, windowMs: 15 * 60_000 },
  failedSignInsPerNetwork: { limit: 200, windowMs: 15 * 60_000 },
};

/**
 * What a host hands the identity app with each request: the client's address as it established it (the
 * socket's peer, or its own proxy's X-Forwarded-For). Served on its own, the app reads the socket.
 */
export interface IdentityEnv {
  clientAddress?: string;
}

/** A request limit: counts the request against its address, or (given one) the user it names. */
export type RequestLimit = (c: Context, subject?: string) => Promise<void>;

/** The per-user key: the pool and the username as users are found, so no other spelling is a new budget. */
export function userSubject(poolId: string, username: string): string {
  return `${poolId}/${usernameKey(username)}`;
}

/** Throws TooManyRequestsException past either limit. */
export function requestLimit(limits: RateLimits, counters: WindowCounters): RequestLimit {
  const hit = async (key: string, rule: RateLimit) => {
    if ((await counters.increment(key, rule.windowMs)) > rule.limit)
      throw new CognitoError('TooManyRequestsException', MESSAGE.tooManyRequests);
  };
  return async (c, subject) => {
    if (subject !== undefined) return hit(`user:${subject}`, limits.perUser);
    const address = clientAddress(c);
    // No address means a call from inside this process (the gateway checking a token): not a client to limit.
    if (address) await hit(`ip:${address}`, limits.perIp);
  };
}

/** The address the host established (or the socket's peer); undefined for a call from inside this process. */
export function clientAddress(c: Context): string | undefined {
  const env = c.env as (IdentityEnv & { incoming?: { socket?: { remoteAddress?: string } } }) | undefined;
  return env?.clientAddress ?? env?.incoming?.socket?.remoteAddress;
}
