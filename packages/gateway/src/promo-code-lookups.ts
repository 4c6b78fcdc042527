import type { CrmType } from '@storefront/contracts';
import type { RateLimiter, RateRule } from '@storefront/shared-state';
import { GatewayRefusal } from './envelope';
import type { Principal } from './principal';
import { waitText } from './write-limits';

/** The types that tell whether a promo code exists: each call is one guess at a code. */
const PROMO_CODE_LOOKUPS: ReadonlySet<CrmType> = new Set([
  'getPromoCodeInfo',
  'getQLIsForPromoCode',
  'applyPromoCodeNG',
]);

/**
 * 20 a minute: a buyer applying a code makes two or three calls (a long cart's apply comes in batches of 100
 * lines), so a few tries a minute are untouched, while guessing drops from hundreds a second to one every three.
 */
export const PROMO_CODE_LOOKUP_RULE: RateRule = { limit: 20, windowMs: 60_000 };

/**
 * Who is guessing. A signed-in user by username. A guest by the client's address as the host established it:
 * a guest mints cart secrets at will, so a secret is no identity to limit. A host that passes no address gives
 * its guests one budget together, so a missing address shows as throttling rather than as no limit at all.
 */
function callerKey(principal: Principal, clientAddress: string | undefined): string {
  const { storefrontId } = principal.storefront;
  if (principal.username !== null) return `user:${storefrontId}:${principal.username}`;
  return `guest:${storefrontId}:${clientAddress ?? 'unknown address'}`;
}

/**
 * Counts a promo-code look-up against its caller; past the limit a 429 saying when to try again. True when the
 * call was counted (a look-up), false for any other type.
 */
export async function limitPromoCodeLookups(
  limiter: RateLimiter,
  principal: Principal,
  clientAddress: string | undefined,
  type: CrmType,
): Promise<boolean> {
  if (!PROMO_CODE_LOOKUPS.has(type)) return false;
  const { allowed, retryAfterMs } = await limiter.hit(callerKey(principal, clientAddress));
  if (allowed) return true;
  throw new GatewayRefusal(429, `Too many promo code attempts; try again in ${waitText(retryAfterMs)}.`);
}
