import { CART_COLUMNS } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import { cartHeaders, resolveLocale } from '../../src/storefronts/rules/translations';

describe('resolveLocale', () => {
  it.each([
    ['en-US', 'en-US'],
    ['de-DE', 'de-DE'],
    ['de_DE', 'de-DE'],
    ['DE-de', 'de-DE'],
    ['de', 'de-DE'],
    ['de-AT', 'de-DE'],
    ['fr_CA', 'fr-FR'],
    ['ja-JP', 'en-US'],
    ['', 'en-US'],
  ])('reads %j as %j', (requested, locale) => {
    expect(resolveLocale(requested)).toBe(locale);
  });
});

describe('cartHeaders', () => {
  it.each(['en-US', 'de-DE', 'fr-FR'])('labels every cart column in %s', (locale) => {
    const headers = cartHeaders(locale);
    for (const column of CART_COLUMNS) expect(headers[column]).toMatch(/\S/);
  });

  it('speaks German in de-DE', () => {
    expect(cartHeaders('de-DE')).toMatchObject({ qty: 'Menge', unitPrice: 'Stückpreis', name: 'Produkt' });
  });
});
