import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Form, Link, useSearchParams, useSubmit } from 'react-router';
import { useDisclosure } from '../../components/use-disclosure';
import { formatCount } from '../../lib/format';
import type { CatalogueSort, ProductListData } from '../types';
import { clearFiltersHref, type FilterChip, filterChips } from './query';
import { SavedFilters } from './SavedFilters';

const SORT_LABELS: Record<CatalogueSort, string> = {
  name: 'Name',
  sku: 'SKU',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

/**
 * The results of a list with its filters: sort and a 'Filters' button above the applied filters as chips, the
 * filter form (and a signed-in buyer's saved filters) beside the results on wider screens and in a drawer the
 * button opens on phones.
 */
export function FilteredResults({ list, children }: { list: ProductListData; children: ReactNode }) {
  const formId = useId();
  const drawerId = useId();
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { open, setOpen } = useDisclosure(container, toggle);
  const [searchParams] = useSearchParams();
  const chips = filterChips(searchParams, list);
  return (
    <div ref={container} className="product-list__filtered">
      <div className="product-list__toolbar">
        <button
          type="button"
          ref={toggle}
          className="button button--secondary product-list__filters-toggle"
          aria-expanded={open}
          aria-controls={drawerId}
          onClick={() => setOpen(!open)}
        >
          Filters{chips.length > 0 && ` (${chips.length})`}
        </button>
        <SortSelect list={list} formId={formId} />
      </div>
      {chips.length > 0 && <AppliedFilters chips={chips} clearHref={clearFiltersHref(searchParams)} />}
      <div id={drawerId} className="product-list__drawer" data-open={open}>
        <Filters
          id={formId}
          list={list}
          onApply={() => {
            setOpen(false);
            toggle.current?.focus();
          }}
        />
        {list.savedFilters && <SavedFilters list={list} saved={list.savedFilters} />}
      </div>
      {children}
    </div>
  );
}

/** The sort, outside the filter form's box but one of its fields (the form attribute); applies on change. */
function SortSelect({ list, formId }: { list: ProductListData; formId: string }) {
  const submit = useSubmit();
  const selectId = useId();
  return (
    <div className="product-list__sort">
      <label htmlFor={selectId} className="filters__label">
        Sort by
      </label>
      <select
        id={selectId}
        name="sort"
        form={formId}
        defaultValue={list.sort}
        className="filters__select"
        onChange={(event) => {
          const { form } = event.currentTarget;
          if (form) submit(withoutEmptyValues(form), { method: 'get', preventScrollReset: true });
        }}
      >
        {Object.entries(SORT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Each applied filter as a link to the list without it (no script needed), and 'Clear all'. */
function AppliedFilters({ chips, clearHref }: { chips: FilterChip[]; clearHref: string }) {
  return (
    <ul className="filter-chips" aria-label="Applied filters">
      {chips.map((chip) => (
        <li key={chip.href}>
          <Link to={chip.href} className="filter-chip" preventScrollReset>
            <span className="visually-hidden">Remove </span>
            {chip.label}
            <span className="filter-chip__remove" aria-hidden="true">
              ×
            </span>
          </Link>
        </li>
      ))}
      <li>
        <Link to={clearHref} className="filter-chips__clear" preventScrollReset>
          Clear all
        </Link>
      </li>
    </ul>
  );
}

/**
 * A GET form: the category facet (one category, so radio buttons) and a checkbox per picklist value, all kept
 * in the URL. It applies on change; the button serves browsers without JavaScript and closes the drawer.
 */
function Filters({ id, list, onApply }: { id: string; list: ProductListData; onApply: () => void }) {
  const [searchParams] = useSearchParams();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const query = searchParams.toString();
  // After any change of the URL (e.g. a removed chip) the inputs show the new query: their defaults follow
  // the props and a reset applies them, without remounting the form and losing keyboard focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is what triggers the reset.
  useEffect(() => {
    form.current?.reset();
  }, [query]);
  const { facets } = list;
  return (
    <Form
      id={id}
      method="get"
      preventScrollReset
      ref={form}
      aria-label="Filter products"
      className="filters"
      onChange={(event) =>
        submit(withoutEmptyValues(event.currentTarget), { method: 'get', preventScrollReset: true })
      }
      onSubmit={onApply}
    >
      {list.searchText && <input type="hidden" name="searchText" value={list.searchText} />}
      {facets.categories.length > 0 && (
        <fieldset className="filters__group">
          <legend className="filters__label">Category</legend>
          <label className="filters__option">
            <input type="radio" name="category" value="" defaultChecked={list.category === null} />
            All categories
          </label>
          {facets.categories.map((group) => (
            <label key={group.categoryId} className="filters__option">
              <input
                type="radio"
                name="category"
                value={group.categoryId}
                defaultChecked={list.category === group.categoryId}
              />
              {group.name} <span className="filters__count">({formatCount(group.count)})</span>
            </label>
          ))}
        </fieldset>
      )}
      {facets.picklists.map(({ field, options }) => (
        <fieldset key={field} className="filters__group">
          <legend className="filters__label">{field}</legend>
          {options.map((option) => (
            <label key={option.value} className="filters__option">
              <input
                type="checkbox"
                name={field}
                value={option.value}
                defaultChecked={list.filters[field]?.includes(option.value) ?? false}
              />
              {option.value} <span className="filters__count">({formatCount(option.count)})</span>
            </label>
          ))}
        </fieldset>
      ))}
      <button type="submit" className="button">
        Apply filters
      </button>
    </Form>
  );
}

/** The form's values without empty ones ('All categories'), so the URL carries only real filters. */
function withoutEmptyValues(form: HTMLFormElement): URLSearchParams {
  const values = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value !== '') values.append(name, value);
  }
  return values;
}
