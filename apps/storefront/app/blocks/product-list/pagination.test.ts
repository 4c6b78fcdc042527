import { productListFields } from '@storefront/contracts/block-fields';
import { describe, expect, it } from 'vitest';
import { pageHref, pageWindow } from './pagination';
import { clearFiltersHref, filterChips, readListQuery } from './query';

describe('pageWindow', () => {
  it('shows every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('shows the ends and two pages either side of the current one, with gaps', () => {
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
  });
});

describe('pageHref', () => {
  it('keeps every parameter and replaces page; page 1 is the default', () => {
    const search = new URLSearchParams('searchText=cd4&Conjugate=FITC&Conjugate=PE&page=3');
    expect(pageHref(search, 4)).toBe('?searchText=cd4&Conjugate=FITC&Conjugate=PE&page=4');
    expect(pageHref(search, 1)).toBe('?searchText=cd4&Conjugate=FITC&Conjugate=PE');
    expect(pageHref(new URLSearchParams('page=2'), 1)).toBe('?');
  });
});

describe('readListQuery', () => {
  const fields = productListFields.parse({});

  it('reads page, search text, sort, category and picklist filters from the URL', () => {
    const query = readListQuery(
      new URLSearchParams(
        'page=3&searchText=%20cd4%20&sort=price-asc&category=c1&Conjugate=FITC&Conjugate=FITC&Species=Human&Other=x',
      ),
      fields,
    );
    expect(query).toEqual({
      page: 3,
      pageSize: 24,
      searchText: 'cd4',
      sort: 'price-asc',
      category: 'c1',
      filters: { Conjugate: ['FITC'], Species: ['Human'] },
    });
  });

  it('falls back to page 1 and the block sort for bad values', () => {
    for (const page of ['0', '-2', 'abc', '1.5', '']) {
      expect(readListQuery(new URLSearchParams({ page, sort: 'random' }), fields)).toMatchObject({
        page: 1,
        sort: 'name',
      });
    }
  });

  it('shows a featured list from its first item, with its limit', () => {
    const featured = productListFields.parse({ featured: true, limit: 4 });
    expect(readListQuery(new URLSearchParams('page=5'), featured)).toMatchObject({ page: 1, pageSize: 4 });
  });
});

describe('filterChips', () => {
  const list = {
    category: 'c1',
    filters: { Conjugate: ['PE', 'FITC'] },
    facets: { categories: [{ categoryId: 'c1', name: 'Genomics Kits', count: 3 }], picklists: [] },
  };

  it('names each applied filter and links to the list without it, from its first page', () => {
    const search = new URLSearchParams(
      'searchText=cd4&category=c1&Conjugate=PE&Conjugate=FITC&sort=sku&page=3',
    );
    expect(filterChips(search, list)).toEqual([
      { label: 'Category: Genomics Kits', href: '?searchText=cd4&Conjugate=PE&Conjugate=FITC&sort=sku' },
      { label: 'Conjugate: PE', href: '?searchText=cd4&category=c1&Conjugate=FITC&sort=sku' },
      { label: 'Conjugate: FITC', href: '?searchText=cd4&category=c1&Conjugate=PE&sort=sku' },
    ]);
  });

  it('removes a value however the URL spaced it, and leaves an empty query when nothing remains', () => {
    const search = new URLSearchParams('Conjugate=%20PE');
    expect(filterChips(search, { ...list, category: null, filters: { Conjugate: ['PE'] } })).toEqual([
      { label: 'Conjugate: PE', href: '?' },
    ]);
  });
});

describe('clearFiltersHref', () => {
  it('keeps the search text and the sort only', () => {
    expect(
      clearFiltersHref(new URLSearchParams('searchText=cd4&Conjugate=PE&category=c1&sort=sku&page=2')),
    ).toBe('?searchText=cd4&sort=sku');
    expect(clearFiltersHref(new URLSearchParams('Conjugate=PE'))).toBe('?');
  });
});
