import { describe, expect, it } from 'vitest';
import { availabilityLine } from './availability';

describe('availabilityLine', () => {
  it('sums the warehouses holding stock and gives the quickest of their lead times', () => {
    expect(
      availabilityLine([
        { warehouse: 'BOS', quantity: 30, leadTimeDays: 3 },
        { warehouse: 'LEI', quantity: 10, leadTimeDays: 2 },
        { warehouse: 'SIN', quantity: 0, leadTimeDays: 1 },
      ]),
    ).toBe('In stock: 40 (ships in 2 days)');
  });

  it('says a product no warehouse holds is made to order, with the quickest lead time', () => {
    expect(
      availabilityLine([
        { warehouse: 'BOS', quantity: 0, leadTimeDays: 21 },
        { warehouse: 'LEI', quantity: 0, leadTimeDays: 14 },
      ]),
    ).toBe('Made to order: ships in 14 days');
  });

  it('speaks of one day and of the same day plainly', () => {
    expect(availabilityLine([{ warehouse: 'BOS', quantity: 1, leadTimeDays: 1 }])).toBe(
      'In stock: 1 (ships in 1 day)',
    );
    expect(availabilityLine([{ warehouse: 'BOS', quantity: 5, leadTimeDays: 0 }])).toBe(
      'In stock: 5 (ships today)',
    );
  });

  it('says nothing when no stock is recorded', () => {
    expect(availabilityLine(null)).toBeNull();
    expect(availabilityLine([])).toBeNull();
  });
});
