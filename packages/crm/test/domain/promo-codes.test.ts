import { describe, expect, it } from 'vitest';
import {
  isEligibleItem,
  type PromoRule,
  promoCodeStatus,
  promoDiscounts,
} from '../../src/cart/rules/promo-codes';
import { quoteTotals } from '../../src/cart/rules/quote-pricing';

const rule: PromoRule = {
  kind: 'Percent',
  value: 10,
  validFrom: '2025-06-01',
  validTo: '2025-06-30',
  active: true,
};
const applied = (...totals: number[]) => totals.map((lineTotal) => ({ lineTotal, applied: true }));

describe('promoCodeStatus', () => {
  it.each([
    ['2025-05-31', 'hidden'],
    ['2025-06-01', 'valid'],
    ['2025-06-30', 'valid'],
    ['2025-07-01', 'expired'],
  ])('on %s: %s', (day, status) => {
    expect(promoCodeStatus(rule, day)).toBe(status);
  });

  it('hides an inactive code on any day, as if it did not exist', () => {
    expect(promoCodeStatus({ ...rule, active: false }, '2025-06-15')).toBe('hidden');
    expect(promoCodeStatus({ ...rule, active: false }, '2025-07-01')).toBe('hidden');
  });

  it('treats a missing bound as open', () => {
    expect(promoCodeStatus({ ...rule, validFrom: null, validTo: null }, '1999-01-01')).toBe('valid');
  });
});

describe('isEligibleItem', () => {
  const named = new Set(['item-a']);
  it('takes every item for an all-items code, only the named ones otherwise', () => {
    expect(isEligibleItem({ allItems: true }, new Set(), 'item-b')).toBe(true);
    expect(isEligibleItem({ allItems: false }, named, 'item-a')).toBe(true);
    expect(isEligibleItem({ allItems: false }, named, 'item-b')).toBe(false);
  });
});

describe('promoDiscounts', () => {
  it('takes the percent of each applied line, rounded in the currency', () => {
    expect(promoDiscounts(rule, applied(100, 33.35, 0.04), 'USD')).toEqual([10, 3.34, 0]);
    expect(promoDiscounts(rule, applied(1005), 'JPY')).toEqual([101]);
  });

  it('gives lines the code was not applied to nothing', () => {
    const lines = [
      { lineTotal: 100, applied: true },
      { lineTotal: 50, applied: false },
    ];
    expect(promoDiscounts(rule, lines, 'USD')).toEqual([10, 0]);
    expect(promoDiscounts({ kind: 'Amount', value: 25 }, lines, 'USD')).toEqual([25, 0]);
  });

  it('spreads an amount over the lines in proportion, the shares adding up to the amount', () => {
    expect(promoDiscounts({ kind: 'Amount', value: 30 }, applied(100, 200), 'USD')).toEqual([10, 20]);
    const shares = promoDiscounts({ kind: 'Amount', value: 10 }, applied(10, 10, 10), 'USD');
    expect(shares).toEqual([3.34, 3.33, 3.33]);
    expect(Math.round(shares.reduce((a, b) => a + b, 0) * 100)).toBe(1000);
  });

  it('never discounts below zero: an amount larger than the lines takes the lines', () => {
    expect(promoDiscounts({ kind: 'Amount', value: 500 }, applied(100, 20.5), 'USD')).toEqual([100, 20.5]);
    expect(promoDiscounts({ kind: 'Percent', value: 100 }, applied(42.42), 'USD')).toEqual([42.42]);
  });

  it('spreads in whole units of a currency without minor units', () => {
    const shares = promoDiscounts({ kind: 'Amount', value: 100 }, applied(3000, 3000, 3000), 'JPY');
    expect(shares).toEqual([34, 33, 33]);
  });

  it('discounts nothing when there is nothing to discount', () => {
    expect(promoDiscounts({ kind: 'Amount', value: 25 }, applied(0, 0), 'USD')).toEqual([0, 0]);
    expect(promoDiscounts({ kind: 'Amount', value: 25 }, [], 'USD')).toEqual([]);
  });
});

describe('quoteTotals with a promo discount', () => {
  it('subtracts the summed line discounts from the subtotal', () => {
    expect(quoteTotals([100, 200.1], 'USD', [10, 20.01])).toEqual({
      subtotal: 300.1,
      discount: 30.01,
      total: 270.09,
    });
  });

  it('has no discount without a promo code', () => {
    expect(quoteTotals([0.1, 0.2], 'USD')).toEqual({ subtotal: 0.3, discount: 0, total: 0.3 });
  });
});
