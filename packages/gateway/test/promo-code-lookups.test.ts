import { describe, expect, it } from 'vitest';
import { limitPromoCodeLookups } from '../src/promo-code-lookups';
import { memoryRateLimiter } from '../src/rate-limiter';
import { guest } from './fixtures';

describe('memoryRateLimiter', () => {
  it('allows the limit in a window, refuses past it saying when the window ends, and opens a new one after', async () => {
    let now = 1_000;
    const limiter = memoryRateLimiter({ limit: 2, windowMs: 60_000 }, () => now);
    expect(await limiter.hit('a')).toEqual({ allowed: true, retryAfterMs: 60_000 });
    now += 10_000;
    expect(await limiter.hit('a')).toEqual({ allowed: true, retryAfterMs: 50_000 });
    expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterMs: 50_000 });
    expect((await limiter.hit('b')).allowed).toBe(true);
    now += 50_000;
    expect(await limiter.hit('a')).toEqual({ allowed: true, retryAfterMs: 60_000 });
  });
});

describe('limitPromoCodeLookups', () => {
  const user = { ...guest, userType: 'AWSPortalUser' as const, username: 'buyer@lab.example' };
  const refusal = (attempt: Promise<void>) =>
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
