import { memorySharedState, type RateRule } from '@storefront/shared-state';
import { describe, expect, it } from 'vitest';
import { limitPromoCodeLookups } from '../src/promo-code-lookups';
import { guest } from './fixtures';

const memoryRateLimiter = (rule: RateRule) => memorySharedState().rateLimiter('promo-code-lookups', rule);

describe('limitPromoCodeLookups', () => {
  const user = { ...guest, userType: 'AWSPortalUser' as const, username: 'buyer@lab.example' };
  const refusal = (attempt: Promise<boolean>) =>
    attempt.then(
      () => null,
      (error: Error) => error.message,
    );

  it('gives a signed-in user one budget wherever they connect from, and guests one per address', async () => {
    const limiter = memoryRateLimiter({ limit: 1, windowMs: 60_000 });
    await limitPromoCodeLookups(limiter, user, '192.0.2.1', 'applyPromoCodeNG');
    expect(await refusal(limitPromoCodeLookups(limiter, user, '192.0.2.2', 'getQLIsForPromoCode'))).toBe(
      'Too many promo code attempts; try again in 60 seconds.',
    );
    await limitPromoCodeLookups(limiter, guest, '192.0.2.1', 'getPromoCodeInfo');
    await limitPromoCodeLookups(limiter, guest, '192.0.2.2', 'getPromoCodeInfo');
    expect(
      await refusal(limitPromoCodeLookups(limiter, guest, '192.0.2.2', 'getPromoCodeInfo')),
    ).not.toBeNull();
  });

  it('does not count calls that look no code up', async () => {
    const limiter = memoryRateLimiter({ limit: 1, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) await limitPromoCodeLookups(limiter, guest, '192.0.2.1', 'getQuoteItems');
    await limitPromoCodeLookups(limiter, guest, '192.0.2.1', 'getPromoCodeInfo');
  });
});
