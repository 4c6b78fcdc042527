import { describe, expect, it } from 'vitest';
import { priceLine, quoteTotals } from '../../src/cart/rules/quote-pricing';
import type { PricedItem } from '../../src/catalogue/rules/pricing';
import { currencyDigits, roundInCurrency } from '../../src/core/money';

const item: PricedItem = { priceSource: 'Catalog Price', listPrice: 100, negotiatedPrice: 85 };
const tiers = [
  { sv: 1, ev: 4, price: 85 },
  { sv: 5, ev: 9, price: 80.75 },
  { sv: 10, ev: null, price: 76.5 },
];
const TODAY = '2025-06-15';
const offer = {
  id: 'offer-1',
  offerType: 'Percent' as const,
  discount: 30,
  appliedOnField: 'List Price',
  validFrom: '2025-06-01',
  validTo: '2025-06-30',
};

describe('priceLine', () => {
  it.each([
    [1, 85],
    [4, 85],
    [5, 80.75],
    [9, 80.75],
    [10, 76.5],
    [11, 76.5],
    [5000, 76.5],
  ])('qty %d is priced at %d by its tier', (qty, price) => {
    const line = priceLine(item, tiers, [], qty, TODAY, 'USD');
    expect(line).toMatchObject({ unitPrice: price, qtyTierAmt: price, listPrice: 100, offerId: null });
    expect(line.lineTotal).toBe(roundInCurrency(price * qty, 'USD'));
  });

  it('uses the price source when no tier holds the quantity', () => {
    const closed = [{ sv: 10, ev: 20, price: 70 }];
    expect(priceLine(item, closed, [], 9, TODAY, 'USD')).toMatchObject({
      unitPrice: 85,
      qtyTierAmt: null,
    });
    expect(priceLine(item, closed, [], 21, TODAY, 'USD').unitPrice).toBe(85);
    expect(priceLine({ ...item, priceSource: 'List Price' }, [], [], 3, TODAY, 'USD').lineTotal).toBe(300);
  });

  it('takes a valid offer when it is cheaper than the tier and records it', () => {
    expect(priceLine(item, tiers, [offer], 2, TODAY, 'USD')).toMatchObject({
      unitPrice: 70,
      lineTotal: 140,
      offerId: 'offer-1',
      offerType: 'Percent',
      offerDiscount: 30,
      appliedOnField: 'List Price',
      qtyTierAmt: 85,
    });
  });

  it('keeps the tier price when it beats the offer, and ignores offers out of their dates', () => {
    const small = { ...offer, discount: 10 };
    expect(priceLine(item, tiers, [small], 10, TODAY, 'USD')).toMatchObject({
      unitPrice: 76.5,
      offerId: null,
    });
    const expired = { ...offer, validTo: '2025-06-14' };
    expect(priceLine(item, tiers, [expired], 2, TODAY, 'USD')).toMatchObject({
      unitPrice: 85,
      offerId: null,
    });
  });

  it('picks the best of several offers', () => {
    const amount = { ...offer, id: 'offer-2', offerType: 'Amount' as const, discount: 40 };
    expect(priceLine(item, [], [offer, amount], 1, TODAY, 'USD')).toMatchObject({
      unitPrice: 60,
      offerId: 'offer-2',
    });
  });

  it('rounds unit and line prices in the currency', () => {
    const odd: PricedItem = { priceSource: 'List Price', listPrice: 10.005, negotiatedPrice: null };
    expect(priceLine(odd, [], [], 3, TODAY, 'USD')).toMatchObject({ unitPrice: 10.01, lineTotal: 30.03 });
    expect(priceLine(odd, [], [], 3, TODAY, 'JPY')).toMatchObject({ unitPrice: 10, lineTotal: 30 });
  });
});

describe('roundInCurrency', () => {
  it('knows the minor unit of a currency', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
  });

  it('rounds half away from zero to cents or whole units', () => {
    expect(roundInCurrency(1.005, 'USD')).toBe(1.01);
    expect(roundInCurrency(2.675, 'EUR')).toBe(2.68);
    expect(roundInCurrency(1234.5, 'JPY')).toBe(1235);
    expect(roundInCurrency(1234.49, 'JPY')).toBe(1234);
    expect(roundInCurrency(-0.005, 'USD')).toBe(-0.01);
  });
});

describe('quoteTotals', () => {
  it('sums the line totals without binary drift', () => {
    expect(quoteTotals([0.1, 0.2, 0.3], 'USD')).toEqual({ subtotal: 0.6, discount: 0, total: 0.6 });
    expect(
      quoteTotals(
        Array.from({ length: 1000 }, () => 0.01),
        'USD',
      ).total,
    ).toBe(10);
  });

  it('is zero for an empty quote and rounds in the currency', () => {
    expect(quoteTotals([], 'USD')).toEqual({ subtotal: 0, discount: 0, total: 0 });
    expect(quoteTotals([100, 250], 'JPY').total).toBe(350);
  });
});
