import { describe, expect, it } from 'vitest';
import {
  applyOffer,
  formatTiers,
  isOfferValidOn,
  isoDay,
  type PricedItem,
  selectTier,
  unitPrice,
  unitPriceForQuantity,
} from '../../src/catalogue/rules/pricing';

const catalogPriced: PricedItem = { priceSource: 'Catalog Price', listPrice: 100, negotiatedPrice: 85 };
const listPriced: PricedItem = { ...catalogPriced, priceSource: 'List Price' };
const tiers = [
  { sv: 10, ev: null, price: 76.5 },
  { sv: 1, ev: 4, price: 85 },
  { sv: 5, ev: 9, price: 80.75 },
];

describe('unitPrice', () => {
  it('maps Catalog Price to the negotiated price and List Price to the list price', () => {
    expect(unitPrice(catalogPriced)).toBe(85);
    expect(unitPrice(listPriced)).toBe(100);
  });

  it('falls back to the list price when nothing was negotiated', () => {
    expect(unitPrice({ ...catalogPriced, negotiatedPrice: null })).toBe(100);
  });
});

describe('selectTier', () => {
  it.each([
    [1, 1],
    [4, 1],
    [5, 5],
    [9, 5],
    [10, 10],
    [11, 10],
    [100_000, 10],
  ])('quantity %d falls in the tier starting at %d', (quantity, sv) => {
    expect(selectTier(tiers, quantity)?.sv).toBe(sv);
  });

  it('finds no tier below the first start or inside a gap', () => {
    expect(selectTier(tiers, 0)).toBeUndefined();
    expect(
      selectTier(
        [
          { sv: 1, ev: 4, price: 1 },
          { sv: 10, ev: null, price: 1 },
        ],
        7,
      ),
    ).toBeUndefined();
  });

  it('treats a closed last tier as ending at ev', () => {
    expect(selectTier([{ sv: 1, ev: 4, price: 1 }], 5)).toBeUndefined();
  });
});

describe('unitPriceForQuantity', () => {
  it('uses the tier price, else the unit price', () => {
    expect(unitPriceForQuantity(catalogPriced, tiers, 12)).toBe(76.5);
    expect(unitPriceForQuantity(catalogPriced, [], 12)).toBe(85);
    expect(unitPriceForQuantity(listPriced, tiers, 0)).toBe(100);
  });
});

describe('formatTiers', () => {
  it('sorts by start quantity and formats each tier against the original price', () => {
    expect(formatTiers(tiers, 85, 'USD')).toEqual([
      { sv: 1, ev: 4, price: 85, formattedOfferPrice: '$85.00', originalPrice: 85 },
      { sv: 5, ev: 9, price: 80.75, formattedOfferPrice: '$80.75', originalPrice: 85 },
      { sv: 10, ev: null, price: 76.5, formattedOfferPrice: '$76.50', originalPrice: 85 },
    ]);
  });
});

describe('isOfferValidOn', () => {
  const offer = { validFrom: '2025-01-01', validTo: '2025-01-31' };

  it('includes both bounds', () => {
    expect(isOfferValidOn(offer, '2025-01-01')).toBe(true);
    expect(isOfferValidOn(offer, '2025-01-31')).toBe(true);
    expect(isOfferValidOn(offer, '2024-12-31')).toBe(false);
    expect(isOfferValidOn(offer, '2025-02-01')).toBe(false);
  });

  it('treats a missing bound as open', () => {
    expect(isOfferValidOn({ validFrom: null, validTo: null }, '1999-01-01')).toBe(true);
    expect(isOfferValidOn({ validFrom: '2025-01-01', validTo: null }, '2999-01-01')).toBe(true);
  });

  it('compares days in UTC', () => {
    expect(isoDay(new Date('2025-03-04T23:59:59Z'))).toBe('2025-03-04');
  });
});

describe('applyOffer', () => {
  it('takes a percentage off the price the account pays', () => {
    expect(
      applyOffer(catalogPriced, { offerType: 'Percent', discount: 15, appliedOnField: 'Unit Price' }),
    ).toBe(72.25);
  });

  it('takes an amount off the list price when applied on List Price', () => {
    expect(
      applyOffer(catalogPriced, { offerType: 'Amount', discount: 30, appliedOnField: 'List Price' }),
    ).toBe(70);
  });

  it('never goes below zero and rounds to cents', () => {
    expect(
      applyOffer(catalogPriced, { offerType: 'Amount', discount: 500, appliedOnField: 'Unit Price' }),
    ).toBe(0);
    expect(
      applyOffer(
        { priceSource: 'List Price', listPrice: 10.05, negotiatedPrice: null },
        { offerType: 'Percent', discount: 50, appliedOnField: 'Unit Price' },
      ),
    ).toBe(5.03);
  });
});
