import { describe, expect, it } from 'vitest';
import { CARD_BRANDS, cardBrand } from '../src/card-brand';

/** A 16-digit number starting with `prefix` (the rest does not matter to the brand). */
const sixteen = (prefix: string) => prefix.padEnd(16, '0');

describe('card brand by prefix (spec P§5)', () => {
  it.each([
    ['34', 'American Express'],
    ['37', 'American Express'],
    ...['300', '301', '302', '303', '304', '305'].map((p) => [p, 'Diners Club Carte Blanche'] as const),
    ['36', 'Diners Club International'],
    ['3528', 'JCB'],
    ['3550', 'JCB'],
    ['3589', 'JCB'],
    ['6304', 'Laser'],
    ['6706', 'Laser'],
    ['6709', 'Laser'],
    ['6771', 'Laser'],
    ['4026', 'Visa Electron'],
    ['417500', 'Visa Electron'],
    ['4508', 'Visa Electron'],
    ['4844', 'Visa Electron'],
    ['4913', 'Visa Electron'],
    ['4917', 'Visa Electron'],
    ['4', 'Visa'],
    ['4242', 'Visa'],
    ['417600', 'Visa'],
    ['51', 'MasterCard'],
    ['53', 'MasterCard'],
    ['55', 'MasterCard'],
    ['2221', 'MasterCard'],
    ['2500', 'MasterCard'],
    ['2720', 'MasterCard'],
    ['6011', 'Discover'],
    ['622126', 'Discover'],
    ['622925', 'Discover'],
    ['644', 'Discover'],
    ['649', 'Discover'],
    ['65', 'Discover'],
  ] as const)('%s… is %s', (prefix, brand) => {
    expect(cardBrand(sixteen(prefix))).toBe(brand);
  });

  it.each([
    ['306', 'just past Carte Blanche'],
    ['3527', 'just before JCB'],
    ['3590', 'just past JCB'],
    ['50', 'just before MasterCard'],
    ['56', 'just past MasterCard'],
    ['2220', 'just before the 2-series'],
    ['2721', 'just past the 2-series'],
    ['622125', 'just before Discover 622126'],
    ['622926', 'just past Discover 622925'],
    ['643', 'just before Discover 644'],
    ['6305', 'not a Laser prefix'],
    ['9', 'no brand'],
  ])('%s… (%s) is Credit/Debit', (prefix) => {
    expect(cardBrand(sixteen(prefix))).toBe('Credit/Debit');
  });

  it('names MasterCard only for 16 digits', () => {
    expect(cardBrand('5555555555554444')).toBe('MasterCard');
    expect(cardBrand('555555555555444')).toBe('Credit/Debit');
    expect(cardBrand('22230031220032221')).toBe('Credit/Debit');
  });

  it('reads common test numbers as a person types them', () => {
    expect(cardBrand('4242 4242 4242 4242')).toBe('Visa');
    expect(cardBrand('3782-822463-10005')).toBe('American Express');
    expect(cardBrand('3566 0020 2036 0505')).toBe('JCB');
    expect(cardBrand('3056 9300 0902 0004')).toBe('Diners Club Carte Blanche');
    expect(cardBrand('not a number')).toBe('Credit/Debit');
  });

  it('lists every named brand once', () => {
    expect(new Set(CARD_BRANDS).size).toBe(9);
  });
});
