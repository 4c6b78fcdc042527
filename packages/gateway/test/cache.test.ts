import { describe, expect, it } from 'vitest';
import { type CacheScope, cacheKey } from '../src/cache';

const scope: CacheScope = {
  userType: 'AWSGuest',
  accountId: 'acc-1',
  storefrontId: 'stf-1',
  contactId: null,
  catalogueGeneration: '0',
};

describe('cacheKey', () => {
  it('is a SHA-256 hex digest, the same for the same inputs', () => {
    const key = cacheKey('salesforceActions', { action: 'makeCall', data: { endpoint: '/x' } }, scope);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(
      cacheKey('salesforceActions', { action: 'makeCall', data: { endpoint: '/x' } }, { ...scope }),
    ).toBe(key);
  });

  it('does not depend on the order in which keys were written', () => {
    expect(cacheKey('f', { a: 1, b: { c: 2, d: [3, { e: 4, f: 5 }] } }, scope)).toBe(
      cacheKey('f', { b: { d: [3, { f: 5, e: 4 }], c: 2 }, a: 1 }, scope),
    );
  });

  it('differs by account, storefront, user type, contact, field and arguments', () => {
    const base = cacheKey('f', { id: 1 }, scope);
    const variants = [
      cacheKey('f', { id: 1 }, { ...scope, accountId: 'acc-2' }),
      cacheKey('f', { id: 1 }, { ...scope, storefrontId: 'stf-2' }),
      cacheKey('f', { id: 1 }, { ...scope, userType: 'AWSManager' }),
      cacheKey('f', { id: 1 }, { ...scope, contactId: 'c-1' }),
      cacheKey('f', { id: 1 }, { ...scope, catalogueGeneration: 'm1.a' }),
      cacheKey('g', { id: 1 }, scope),
      cacheKey('f', { id: 2 }, scope),
      cacheKey('f', [3, 1], scope),
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
    // Array order is meaningful and must not be normalised away.
    expect(cacheKey('f', [1, 3], scope)).not.toBe(cacheKey('f', [3, 1], scope));
  });
});
