import { CATALOGUE_ITEM_CAP } from '@storefront/contracts/constants';
import { ProductGrid } from '../../components/ProductGrid';
import { formatCount } from '../../lib/format';
import type { BlockProps } from '../types';
import { FilteredResults } from './Filters';
import { DidYouMean, NothingFound } from './NoDeadEnds';
import { Pagination } from './Pagination';

/** Catalogue items with filters, sort, result count and paging; a featured list is a compact grid. */
export function ProductList({ block, fields, data, page }: BlockProps<'productList'>) {
  const headingId = `${block.blockId}-heading`;
  const heading =
    data.pinnedCategory?.name || (data.searchText ? 'Search results' : fields.heading || 'Products');
  const Heading = fields.featured ? 'h2' : 'h1';
  const grid = (
    <ProductGrid
      items={data.items}
      actions={fields.actions}
      headingLevel={fields.featured ? 3 : 2}
      leadImage={page.leadImage === block.blockId}
    />
  );
  if (fields.featured) {
    return (
      <section aria-labelledby={headingId} className="product-list product-list--featured">
        <Heading id={headingId}>{heading}</Heading>
        {grid}
      </section>
    );
  }
  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.items.length - 1;
  // Applied filters stay in sight (as chips) even when they leave no facet to offer, so they can be removed.
  const showFilters =
    fields.showFilters &&
    (data.facets.categories.length > 0 ||
      data.facets.picklists.length > 0 ||
      data.category !== null ||
      Object.keys(data.filters).length > 0);
  const results = (
    <div className="product-list__results">
      <p className="product-list__count" role="status">
        {resultCount(data.items.length > 0 ? { first, last, total: data.totalCount } : null, data.searchText)}
      </p>
      {data.capped && (
        <p className="notice">
          More than {formatCount(CATALOGUE_ITEM_CAP)} products match; only the first{' '}
          {formatCount(CATALOGUE_ITEM_CAP)} are listed. Refine your search or filters to see the rest.
        </p>
      )}
      {data.correctedText && <DidYouMean correctedText={data.correctedText} />}
      {data.noResults ? <NothingFound noResults={data.noResults} actions={fields.actions} /> : grid}
      <Pagination page={data.page} pageCount={data.pageCount} />
    </div>
  );
  return (
    <section aria-labelledby={headingId} className="product-list">
      <Heading id={headingId}>{heading}</Heading>
      {showFilters ? <FilteredResults list={data}>{results}</FilteredResults> : results}
    </section>
  );
}

/** 'Showing 1–24 of 357 products for “cd4”', or why nothing shows. */
export function resultCount(
  range: { first: number; last: number; total: number } | null,
  searchText: string,
): string {
  const query = searchText ? ` for “${searchText}”` : '';
  if (!range) return searchText ? `No products match “${searchText}”.` : 'No products match these filters.';
  return `Showing ${formatCount(range.first)}–${formatCount(range.last)} of ${formatCount(range.total)} products${query}`;
}
