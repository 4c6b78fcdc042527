import { useEffect, useId, useRef } from 'react';
import { useFetcher, useLocation, useNavigate } from 'react-router';
import { useToast } from '../../components/toast/Toasts';
import { SAVED_FILTERS_PATH, type SavedFiltersResult } from '../../features/catalogue-filters/saved-filters';
import type { ProductListData } from '../types';

interface SavedFiltersProps {
  list: ProductListData;
  saved: NonNullable<ProductListData['savedFilters']>;
}

/**
 * A signed-in buyer's saved filters beside the filter form (C§7 saveECatalogFilters, getSavedFilter): each
 * applies with one press, and the filters the list shows can be saved under a name (a name used before is
 * replaced). What the route answers shows as a toast.
 */
export function SavedFilters({ list, saved }: SavedFiltersProps) {
  const save = useFetcher<SavedFiltersResult>();
  const apply = useFetcher<SavedFiltersResult>();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const headingId = useId();
  const nameId = useId();
  const form = useRef<HTMLFormElement>(null);
  const saveResult = save.state === 'idle' ? save.data : undefined;
  // Applying answers a redirect to the filtered list; only a refusal comes back.
  const applyResult = apply.state === 'idle' ? apply.data : undefined;
  useEffect(() => {
    for (const result of [saveResult, applyResult]) {
      if (!result) continue;
      if (!result.ok && result.signInPath) navigate(result.signInPath);
      toast.show({ message: result.message, variant: result.ok ? 'success' : 'error' });
      if (result.ok) form.current?.reset();
    }
  }, [saveResult, applyResult, toast, navigate]);
  const category = list.category ?? list.pinnedCategory?.id ?? null;
  const values = Object.entries(list.filters).flatMap(([field, chosen]) =>
    (chosen ?? []).map((value) => [field, value] as const),
  );
  const anyFilter = category !== null || list.searchText !== '' || values.length > 0;
  return (
    <section aria-labelledby={headingId} className="saved-filters">
      <h2 id={headingId} className="filters__label">
        Saved filters
      </h2>
      {saved.length > 0 ? (
        <ul className="saved-filters__list">
          {saved.map((filter) => (
            <li key={filter.id}>
              <apply.Form method="post" action={SAVED_FILTERS_PATH}>
                <input type="hidden" name="intent" value="apply" />
                <input type="hidden" name="filterId" value={filter.id} />
                <input type="hidden" name="path" value={pathname} />
                <button type="submit" className="saved-filters__apply" disabled={apply.state !== 'idle'}>
                  <span className="visually-hidden">Apply </span>
                  {filter.name}
                </button>
              </apply.Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="filters__count">No saved filters yet.</p>
      )}
      {anyFilter ? (
        <save.Form ref={form} method="post" action={SAVED_FILTERS_PATH} className="saved-filters__save">
          <input type="hidden" name="intent" value="save" />
          {category && <input type="hidden" name="category" value={category} />}
          {list.searchText && <input type="hidden" name="searchText" value={list.searchText} />}
          {values.map(([field, value]) => (
            <input key={`${field}=${value}`} type="hidden" name={field} value={value} />
          ))}
          <label htmlFor={nameId}>Save these filters as</label>
          <input id={nameId} name="name" required maxLength={80} className="filters__select" />
          <button type="submit" className="button button--secondary" disabled={save.state !== 'idle'}>
            {save.state !== 'idle' ? 'Saving…' : 'Save filters'}
          </button>
        </save.Form>
      ) : (
        <p className="filters__count">Choose filters to save them for next time.</p>
      )}
    </section>
  );
}
