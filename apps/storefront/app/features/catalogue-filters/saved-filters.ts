import { PICKLIST_FIELDS } from '@storefront/contracts/catalogue';
import type { SavedFilter } from '@storefront/contracts/crm-cart-records';

/** The saved catalogue filters' action route: `save` the list's filters under a name, or `apply` one. */
export const SAVED_FILTERS_PATH = '/api/catalogue-filters';

export const SAVED_FILTER_INTENTS = ['save', 'apply'] as const;
export type SavedFilterIntent = (typeof SAVED_FILTER_INTENTS)[number];

/** What the route answers a save, or a refusal (applying one answers a redirect to the filtered list). */
export type SavedFiltersResult =
  | { ok: true; intent: SavedFilterIntent; message: string }
  | { ok: false; intent: SavedFilterIntent | null; message: string; signInPath?: string };

/** A saved filter as a product list's URL asks for it (query.ts reads the same names). */
export function savedFilterSearch(saved: Pick<SavedFilter, 'categoryId' | 'searchText' | 'filters'>) {
  const search = new URLSearchParams();
  if (saved.categoryId) search.set('category', saved.categoryId);
  if (saved.searchText) search.set('searchText', saved.searchText);
  for (const field of PICKLIST_FIELDS) {
    for (const value of saved.filters[field] ?? []) search.append(field, value);
  }
  return search;
}
