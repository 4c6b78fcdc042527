import { describe, expect, it } from 'vitest';
import { item } from '../testing/fixtures';
import { productData } from './structured-data';

const availability = (product: typeof item) =>
  (productData(product, 'https://shop.example.com/p').offers as { availability: string }).availability;

describe('productData', () => {
  it('tells search engines the availability the page shows', () => {
    expect(availability(item)).toBe('https://schema.org/InStock');
    expect(availability({ ...item, stock: null })).toBe('https://schema.org/InStock');
    expect(availability({ ...item, stock: [{ warehouse: 'LEI', quantity: 0, leadTimeDays: 14 }] })).toBe(
      'https://schema.org/MadeToOrder',
    );
    expect(availability({ ...item, discontinued: { replacement: null } })).toBe(
      'https://schema.org/Discontinued',
    );
  });
});
