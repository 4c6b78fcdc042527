import { createHash } from 'node:crypto';
import type { Cache, Revocations } from '@storefront/shared-state';
import { decodeJwt } from 'jose';
import type { TokenVerifier, VerifiedUser } from './principal';

/**
 * How long a verified token's user is trusted without asking the pool again: a page's gateway calls then
 * verify the token once. Revocation through the embedded pools ends it at once (docs/decisions/0040).
 */
export const VERIFIED_USER_TTL_MS = 5_000;

/** What is kept per token and storefront; the storefront itself is the request's, never a stale copy. */
export interface CachedVerification {
  user: Omit<VerifiedUser, 'storefront'>;
  /** The user's revocation generation read before the token was verified. */
  generation: number;
  /** The token's own expiry (epoch ms): an entry never outlives it. */
  expiresAt: number;
}

/** Who the token names and until when, read without verifying: only used to look up, never to trust. */
function unverifiedSubject(token: string): { username: string; expiresAt: number } | null {
  try {
    const { username, exp } = decodeJwt(token);
    return typeof username === 'string' && typeof exp === 'number'
      ? { username, expiresAt: exp * 1000 }
      : null;
  } catch {
    return null;
  }
}

/**
 * Keeps what `verify` said about a token for the cache's TTL, keyed by a hash of the token and the storefront.
 * A kept user is answered only while the user's revocation generation is the one read before the token was
 * verified: a sign-out, disable or delete recorded in `revocations` after that makes the next call verify again
 * (and be refused). When the generation cannot be read (Redis down), nothing is kept or trusted.
 */
export function withVerifiedUserCache(
  verify: TokenVerifier,
  cache: Cache<CachedVerification>,
  revocations: Revocations,
): TokenVerifier {
  return async (token, storefront) => {
    const subject = unverifiedSubject(token);
    if (!subject) return verify(token, storefront);
    const key = createHash('sha256').update(`${storefront.storefrontId}\0${token}`).digest('base64url');
    const [generation, cached] = await Promise.all([
      revocations.generation(storefront.awsUserPoolId, subject.username),
      cache.get(key),
    ]);
    if (generation === null) return verify(token, storefront);
    if (cached && cached.generation === generation && cached.expiresAt > Date.now()) {
      return { ...cached.user, storefront };
    }
    const user = await verify(token, storefront);
    if (user) {
      const { storefront: _storefront, ...kept } = user;
      await cache.set(key, { user: kept, generation, expiresAt: subject.expiresAt });
    }
    return user;
  };
}
