import type { BlockFields } from '@storefront/contracts/block-fields';
import { PICKLIST_FIELDS, type PicklistField } from '@storefront/contracts/catalogue';
import { CATALOGUE_PAGE_SIZE, DEFAULT_PAGE_INDEX } from '@storefront/contracts/constants';
import { CATALOGUE_SORTS } from '@storefront/contracts/crm-catalogue';
import type { CatalogueSort } from '../types';

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
