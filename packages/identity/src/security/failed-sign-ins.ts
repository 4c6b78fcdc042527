import { isIPv6 } from 'node:net';
import type { SharedState } from '@storefront/shared-state';
import { CognitoError, MESSAGE } from '../protocol/errors';
import type { RateLimits } from './rate-limit';

/**
 * How long a user who signed in from a network stays known there (each sign-in renews it). Under the
 * in-process cache's timer ceiling of about 24.8 days.
 */
const KNOWN_FOR_MS = 14 * 24 * 3_600_000;
/** Known (network, user) pairs kept; past it the oldest are forgotten and only wait out an attack there. */
const KNOWN_PAIRS = 100_000;

/**
 * Password proofs counted per client: failures from one address and from its network, apart from the
 * requests limit, so a spray of one guess per username slows down. Past either budget a proof is refused
 * with TooManyRequestsException, right password or not (answering a right one would let the spray go on),
 * except for a user who has signed in from that network before: buyers behind a university's shared address
 * keep signing in while an attacker there is held. No address (a call from inside this process) is not
 * counted. Counted in the shared state (Redis with REDIS_URL), so every instance spends one budget.
 */
export interface FailedSignIns {
  /** Before a proof's outcome is told: refuses while the caller's address or network is past its budget. */
  assertOpen(address: string | undefined, poolId: string, usernameKey: string): Promise<void>;
  failed(address: string | undefined): Promise<void>;
  succeeded(address: string | undefined, poolId: string, usernameKey: string): Promise<void>;
}

export function failedSignIns(
  limits: Pick<RateLimits, 'failedSignInsPerAddress' | 'failedSignInsPerNetwork'>,
  shared: SharedState,
): FailedSignIns {
  const counters = shared.windowCounters('identity:failed-sign-ins');
  const known = shared.cache<true>('identity:known-sign-ins', {
    ttlMs: KNOWN_FOR_MS,
    maxEntries: KNOWN_PAIRS,
  });
  const budgets = (address: string) => {
    const client = canonicalAddress(address);
    return [
      { key: `address:${client}`, rule: limits.failedSignInsPerAddress },
      { key: `network:${networkOf(client)}`, rule: limits.failedSignInsPerNetwork },
    ];
  };
  const knownKey = (address: string, poolId: string, usernameKey: string) =>
    `${networkOf(address)}|${poolId}|${usernameKey}`;

  return {
    async assertOpen(address, poolId, usernameKey) {
      if (!address) return;
      const spent = await Promise.all(
        budgets(address).map(async ({ key, rule }) => (await counters.count(key)) >= rule.limit),
      );
      if (spent.includes(true) && !(await known.get(knownKey(address, poolId, usernameKey))))
        throw new CognitoError('TooManyRequestsException', MESSAGE.tooManyRequests);
    },
    async failed(address) {
      if (!address) return;
      await Promise.all(budgets(address).map(({ key, rule }) => counters.increment(key, rule.windowMs)));
    },
    async succeeded(address, poolId, usernameKey) {
      if (address) await known.set(knownKey(address, poolId, usernameKey), true);
    },
  };
}

/** An IPv4 client reached over IPv6 (`::ffff:192.0.2.1`) is the IPv4 address. */
function canonicalAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase();
}

/**
 * The network an address belongs to, as one holder gets them: an IPv4 address's /24, an IPv6 address's /64.
 * Anything else is its own network.
 */
export function networkOf(address: string): string {
  const client = canonicalAddress(address);
  const ipv4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(client);
  if (ipv4) return `${ipv4[1]}.0/24`;
  const bare = client.split('%')[0] ?? '';
  if (!isIPv6(bare)) return client;
  const [head = '', tail] = bare.split('::');
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const before = groups(head);
  const after = groups(tail);
  const full =
    tail === undefined ? before : [...before, ...Array(8 - before.length - after.length).fill('0'), ...after];
  const prefix = full.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
