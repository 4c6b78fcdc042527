import { CATALOGUE_ITEM_CAP } from '@storefront/contracts';
import { describe, expect, it } from 'vitest';
import { capTotal, capWindow } from '../../src/catalogue/rules/catalogue-cap';

describe('capTotal', () => {
  it('reports the count as is up to the cap', () => {
    expect(capTotal(0)).toEqual({ totalCount: 0, capped: false });
    expect(capTotal(CATALOGUE_ITEM_CAP)).toEqual({ totalCount: 2000, capped: false });
  });

  it('never reports more than the cap and says so', () => {
    expect(capTotal(CATALOGUE_ITEM_CAP + 1)).toEqual({ totalCount: 2000, capped: true });
    expect(capTotal(1_000_000)).toEqual({ totalCount: 2000, capped: true });
  });
});

describe('capWindow', () => {
  it('reads whole pages inside the cap', () => {
    expect(capWindow(1, 24)).toEqual({ offset: 0, limit: 24 });
    expect(capWindow(3, 24)).toEqual({ offset: 48, limit: 24 });
    expect(capWindow(10, 200)).toEqual({ offset: 1800, limit: 200 });
  });

  it('cuts the page that reaches past the cap', () => {
    expect(capWindow(84, 24)).toEqual({ offset: 1992, limit: 8 });
  });

  it('reads nothing beyond the cap', () => {
    expect(capWindow(85, 24)).toEqual({ offset: 2016, limit: 0 });
    expect(capWindow(11, 200)).toEqual({ offset: 2000, limit: 0 });
  });

  it('takes the cap as a parameter', () => {
    expect(capWindow(2, 3, 5)).toEqual({ offset: 3, limit: 2 });
  });
});
