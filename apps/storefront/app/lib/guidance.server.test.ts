// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { guidanceNext } from './guidance.server';

const ORIGIN = 'https://shop.example.com';

describe('guidanceNext', () => {
  it('goes on to the cart path that sent the user', () => {
    expect(guidanceNext('/cart/q1?x=1', ORIGIN)).toBe('/cart/q1?x=1');
  });

  it('goes to the cart for any other path, and for one a browser would follow off-site', () => {
    for (const next of [
      null,
      '/account',
      '//evil.example/cart',
      '/\t/evil.example/cart',
      '/\\evil.example',
    ]) {
      expect(guidanceNext(next, ORIGIN)).toBe('/cart');
    }
  });
});
