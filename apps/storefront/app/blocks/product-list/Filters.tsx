import { useEffect, useRef } from 'react';
import { Form, Link, useSearchParams, useSubmit } from 'react-router';
import { formatCount } from '../../lib/format';
import type { CatalogueSort, ProductListData } from '../types';

const SORT_LABELS: Record<CatalogueSort, string> = {
  name: 'Name',
  sku: 'SKU',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

/**
 * A GET form: the sort, the category facet (one category, so radio buttons) and a checkbox per picklist
 * value, all kept in the URL. It applies on change; the button serves browsers without JavaScript.
 */
export function Filters({ list }: { list: ProductListData }) {
  const [searchParams] = useSearchParams();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const query = searchParams.toString();
  // After any change of the URL (e.g. "Clear filters") the inputs show the new query: their defaults follow
  // the props and a reset applies them, without remounting the form and losing keyboard focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is what triggers the reset.
  useEffect(() => {
    form.current?.reset();
  }, [query]);
  const { facets } = list;
  const filtered = list.category !== null || Object.keys(list.filters).length > 0 || searchParams.has('sort');
  return (
    <Form
      method="get"
      preventScrollReset
      ref={form}
      aria-label="Filter products"
      className="filters"
      onChange={(event) =>
        submit(withoutEmptyValues(event.currentTarget), { method: 'get', preventScrollReset: true })
      }
    >
      {list.searchText && <input type="hidden" name="searchText" value={list.searchText} />}
      <div className="filters__group">
        <label htmlFor="product-sort" className="filters__label">
          Sort by
        </label>
        <select id="product-sort" name="sort" defaultValue={list.sort} className="filters__select">
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
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
      <div className="filters__actions">
        <button type="submit" className="button">
          Apply filters
        </button>
        {filtered && (
          <Link
            to={list.searchText ? `?${new URLSearchParams({ searchText: list.searchText })}` : '?'}
            className="filters__clear"
            preventScrollReset
          >
            Clear filters
          </Link>
        )}
      </div>
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
