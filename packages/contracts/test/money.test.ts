import { describe, expect, it } from 'vitest';
import { formatMoney, roundMoney } from '../src/money';

describe('roundMoney', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [1.004, 1],
    [0.1 + 0.2, 0.3],
    [199.999, 200],
    [-1.005, -1.01],
    [0, 0],
    [-0.001, 0],
  ])('rounds %d to %d', (amount, expected) => {
    expect(roundMoney(amount)).toBe(expected);
  });
});

describe('formatMoney', () => {
  it('formats in the currency with the en-US locale by default', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
  });

  it('rounds half away from zero before formatting', () => {
    expect(formatMoney(1.005, 'USD')).toBe('$1.01');
  });

  it('uses the locale for separators and the currency for decimals', () => {
    expect(formatMoney(1234.5, 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
  });
});
