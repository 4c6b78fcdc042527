import { describe, expect, it } from 'vitest';
import { tierRows } from './tiers';

const tier = (sv: number, ev: number | null, price: number, originalPrice = 100) => ({
  sv,
  ev,
  price,
  formattedOfferPrice: `$${price.toFixed(2)}`,
  originalPrice,
});

describe('tierRows', () => {
  it('formats ranges, unit prices and savings in start-quantity order', () => {
    expect(tierRows([tier(10, null, 80), tier(1, 4, 100), tier(5, 9, 90)], 'USD')).toEqual([
      { quantity: '1–4', unitPrice: '$100.00', saving: '—' },
      { quantity: '5–9', unitPrice: '$90.00', saving: '$10.00 (10%)' },
      { quantity: '10+', unitPrice: '$80.00', saving: '$20.00 (20%)' },
    ]);
  });

  it('formats the price itself when the CRM sent no formatted price', () => {
    expect(tierRows([{ ...tier(1, null, 1234.5, 1500), formattedOfferPrice: '' }], 'EUR')[0]).toEqual({
      quantity: '1+',
      unitPrice: '€1,234.50',
      saving: '€265.50 (18%)',
    });
  });

  it('shows no saving for a price at or above the original', () => {
    expect(tierRows([tier(1, null, 120)], 'USD')[0]?.saving).toBe('—');
  });
});
