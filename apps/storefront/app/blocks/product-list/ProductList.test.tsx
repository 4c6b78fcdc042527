import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { item, page, readyBlock } from '../../testing/fixtures';
import { renderAt } from '../../testing/render';
import { BlockView } from '../BlockView';
import type { ProductListData } from '../types';
import { resultCount } from './ProductList';

afterEach(cleanup);

const list = (overrides: Partial<ProductListData> = {}): ProductListData => ({
  items: [
    item,
    { ...item, id: 'a0B000000000002', name: 'Anti-Human CD8 Antibody, PE', requiresConfiguration: 'Upload' },
  ],
  totalCount: 50,
  capped: false,
  page: 2,
  pageCount: 3,
  pageSize: 24,
  searchText: '',
  sort: 'name',
  filters: { Conjugate: ['FITC'] },
  category: null,
  pinnedCategory: null,
  savedFilters: null,
  correctedText: null,
  noResults: null,
  facets: {
    categories: [{ categoryId: 'c1', name: 'Flow Cytometry Antibodies', count: 50 }],
    picklists: [
      {
        field: 'Conjugate',
        options: [
          { value: 'FITC', count: 20 },
          { value: 'PE', count: 30 },
        ],
      },
    ],
  },
  ...overrides,
});

describe('productList block', () => {
  it('shows the result count, the items with their actions and paging', async () => {
    renderAt(
      <BlockView block={readyBlock('productList', { heading: 'Antibodies' }, list())} page={page} />,
      '/search?Conjugate=FITC&page=2',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Antibodies' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Showing 25–26 of 50 products');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(
      screen.getByRole('link', { name: `Upload for Anti-Human CD8 Antibody, PE` }).getAttribute('href'),
    ).toBe('/uploadoptions?itemId=a0B000000000002');
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(pagination).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/search?Conjugate=FITC',
    );
    expect(within(pagination).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/search?Conjugate=FITC&page=3',
    );
  });

  it("loads the first tile's picture at once and first when the list leads the page, the others lazily", async () => {
    const block = readyBlock('productList', {}, list());
    renderAt(<BlockView block={block} page={{ ...page, leadImage: block.blockId }} />, '/category/c1');
    const [first, second] = await screen.findAllByRole('img');
    expect([first?.getAttribute('loading'), first?.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect([second?.getAttribute('loading'), second?.hasAttribute('fetchpriority')]).toEqual(['lazy', false]);
  });

  it('loads every picture lazily when something else leads the page', async () => {
    renderAt(<BlockView block={readyBlock('productList', {}, list())} page={page} />, '/category/c1');
    const pictures = await screen.findAllByRole('img');
    expect(pictures.map((picture) => picture.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
  });

  it('offers the filters as a GET form that keeps the search text', async () => {
    renderAt(
      <BlockView block={readyBlock('productList', {}, list({ searchText: 'cd' }))} page={page} />,
      '/search?searchText=cd',
    );
    const form = await screen.findByRole('form', { name: 'Filter products' });
    expect(form.getAttribute('method')).toBe('get');
    expect((within(form).getByRole('checkbox', { name: 'FITC (20)' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(form).getByRole('checkbox', { name: 'PE (30)' }) as HTMLInputElement).checked).toBe(false);
    expect((within(form).getByRole('radio', { name: 'All categories' }) as HTMLInputElement).checked).toBe(
      true,
    );
    // The sort sits beside the 'Filters' button, outside the form's box, and is still one of its fields.
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(sort.value).toBe('name');
    expect(sort.getAttribute('form')).toBe(form.id);
    expect((form.querySelector('input[name="searchText"]') as HTMLInputElement).value).toBe('cd');
    expect(screen.getByRole('heading', { level: 1, name: 'Search results' })).toBeTruthy();
  });

  it('shows the applied filters as chips that remove them, and counts them on the drawer button', async () => {
    renderAt(
      <BlockView block={readyBlock('productList', {}, list({ category: 'c1' }))} page={page} />,
      '/search?category=c1&Conjugate=FITC&sort=sku',
    );
    const chips = await screen.findByRole('list', { name: 'Applied filters' });
    expect(
      within(chips)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Remove Category: Flow Cytometry Antibodies×', '/search?Conjugate=FITC&sort=sku'],
      ['Remove Conjugate: FITC×', '/search?category=c1&sort=sku'],
      ['Clear all', '/search?sort=sku'],
    ]);
    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    const drawer = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(drawer?.contains(screen.getByRole('form', { name: 'Filter products' }))).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('hides the category facet when the category is fixed, and uses its name as heading', async () => {
    renderAt(
      <BlockView
        block={readyBlock(
          'productList',
          { heading: 'Ignored' },
          list({
            pinnedCategory: {
              id: 'c1',
              name: 'Genomics Kits',
              slug: 'genomics-kits',
              parentId: null,
              sortOrder: 3,
            },
            facets: { categories: [], picklists: [] },
            filters: {},
          }),
        )}
        page={page}
      />,
      '/category/c1',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Genomics Kits' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('says when the results are capped', async () => {
    renderAt(
      <BlockView
        block={readyBlock('productList', {}, list({ capped: true, totalCount: 2000 }))}
        page={page}
      />,
    );
    expect(
      await screen.findByText(/More than 2,000 products match; only the first 2,000 are listed/),
    ).toBeTruthy();
  });

  it('shows a featured list as a compact grid without filters or paging', async () => {
    renderAt(
      <BlockView
        block={readyBlock('productList', { featured: true, heading: 'Featured' }, list())}
        page={page}
      />,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Featured' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('a search without a dead end', () => {
  const nothing = (overrides: Partial<ProductListData> = {}) =>
    list({
      items: [],
      totalCount: 0,
      page: 1,
      pageCount: 1,
      searchText: 'antibdy',
      filters: {},
      facets: { categories: [], picklists: [] },
      noResults: {
        closeMatches: [item],
        categories: [
          { name: 'Antibodies', slug: 'antibodies' },
          { name: 'Genomics Kits', slug: 'genomics-kits' },
        ],
      },
      ...overrides,
    });

  it('asks "did you mean" with a link to the corrected search', async () => {
    renderAt(
      <BlockView
        block={readyBlock('productList', {}, list({ searchText: 'antibdy', correctedText: 'antibody' }))}
        page={page}
      />,
      '/search?searchText=antibdy&Conjugate=FITC',
    );
    const link = await screen.findByRole('link', { name: 'antibody' });
    expect(link.closest('p')?.textContent).toBe('Did you mean antibody?');
    expect(link.getAttribute('href')).toBe('/search?searchText=antibody');
  });

  it('says plainly that nothing matched and offers close matches and the top categories', async () => {
    renderAt(
      <BlockView block={readyBlock('productList', {}, nothing({ correctedText: 'antibody' }))} page={page} />,
      '/search?searchText=antibdy',
    );
    expect((await screen.findByRole('status')).textContent).toBe('No products match “antibdy”.');
    const matches = screen.getByRole('region', { name: 'Close matches' });
    expect(within(matches).getAllByRole('article')).toHaveLength(1);
    const categories = screen.getByRole('navigation', { name: 'Browse the catalogue' });
    expect(
      within(categories)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Antibodies', '/category/antibodies'],
      ['Genomics Kits', '/category/genomics-kits'],
    ]);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('still offers the categories when nothing comes close', async () => {
    renderAt(
      <BlockView
        block={readyBlock(
          'productList',
          {},
          nothing({
            searchText: 'qwxzv',
            noResults: { closeMatches: [], categories: [{ name: 'Antibodies', slug: 'antibodies' }] },
          }),
        )}
        page={page}
      />,
      '/search?searchText=qwxzv',
    );
    expect((await screen.findByRole('status')).textContent).toBe('No products match “qwxzv”.');
    expect(screen.queryByRole('region', { name: 'Close matches' })).toBeNull();
    expect(screen.queryByText(/Did you mean/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Antibodies' }).getAttribute('href')).toBe(
      '/category/antibodies',
    );
  });
});

describe('resultCount', () => {
  it('describes the range or why nothing shows', () => {
    expect(resultCount({ first: 1, last: 24, total: 1234 }, 'cd4')).toBe(
      'Showing 1–24 of 1,234 products for “cd4”',
    );
    expect(resultCount(null, 'zzz')).toBe('No products match “zzz”.');
    expect(resultCount(null, '')).toBe('No products match these filters.');
  });
});
