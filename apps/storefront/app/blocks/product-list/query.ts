import type { BlockFields } from '@storefront/contracts/block-fields';
import { PICKLIST_FIELDS, type PicklistField } from '@storefront/contracts/catalogue';
import { CATALOGUE_PAGE_SIZE, DEFAULT_PAGE_INDEX } from '@storefront/contracts/constants';
import { CATALOGUE_SORTS } from '@storefront/contracts/crm-catalogue';
import type { CatalogueSort, ProductListData } from '../types';

/** What a product list's URL asks for: ?page, ?searchText, ?sort, ?category and one parameter per picklist. */
export interface ListQuery {
  page: number;
  pageSize: number;
  searchText: string;
  sort: CatalogueSort;
  category: string | null;
  filters: Partial<Record<PicklistField, string[]>>;
}

const MAX_VALUES_PER_FILTER = 50;

export function readListQuery(search: URLSearchParams, fields: BlockFields['productList']): ListQuery {
  const page = Number(search.get('page'));
  const sort = search.get('sort');
  const filters: ListQuery['filters'] = {};
  for (const field of PICKLIST_FIELDS) {
    const values = [...new Set(search.getAll(field).map((value) => value.trim()))].filter(Boolean);
    if (values.length > 0) filters[field] = values.slice(0, MAX_VALUES_PER_FILTER);
  }
  return {
    // A featured list always shows its first items.
    page: !fields.featured && Number.isSafeInteger(page) && page >= 1 ? page : DEFAULT_PAGE_INDEX,
    pageSize: fields.limit ?? CATALOGUE_PAGE_SIZE,
    searchText: (search.get('searchText') ?? '').trim().slice(0, 200),
    sort: isSort(sort) ? sort : fields.sort,
    category: search.get('category')?.trim() || null,
    filters,
  };
}

function isSort(value: string | null): value is CatalogueSort {
  return (CATALOGUE_SORTS as readonly (string | null)[]).includes(value);
}

/** A list's URL from its query parameters: '?' alone when there are none, so the link drops the old query. */
export function searchHref(search: URLSearchParams): string {
  const query = search.toString();
  return query ? `?${query}` : '?';
}

/** An applied filter as the list shows it, and the list's URL without it. */
export interface FilterChip {
  label: string;
  href: string;
}

/**
 * The applied filters (the category facet, then each picklist value), each with a link that removes it alone.
 * Removing one starts the list at its first page again; the search text and sort stay.
 */
export function filterChips(
  search: URLSearchParams,
  list: Pick<ProductListData, 'category' | 'filters' | 'facets'>,
): FilterChip[] {
  const without = (name: string, value: string) => {
    const next = new URLSearchParams(
      [...search].filter(([key, entry]) => key !== 'page' && (key !== name || entry.trim() !== value)),
    );
    return searchHref(next);
  };
  const chips: FilterChip[] = [];
  if (list.category) {
    const name = list.facets.categories.find((group) => group.categoryId === list.category)?.name;
    chips.push({ label: `Category: ${name ?? list.category}`, href: without('category', list.category) });
  }
  for (const [field, values] of Object.entries(list.filters)) {
    for (const value of values ?? [])
      chips.push({ label: `${field}: ${value}`, href: without(field, value) });
  }
  return chips;
}

/** The list's URL without any filter: the search text and the sort stay. */
export function clearFiltersHref(search: URLSearchParams): string {
  const next = new URLSearchParams();
  for (const name of ['searchText', 'sort']) {
    const value = search.get(name);
    if (value) next.set(name, value);
  }
  return searchHref(next);
}
