import type { ActionItem } from '@storefront/contracts/block-fields';
import { useId } from 'react';
import { Link } from 'react-router';
import { ProductGrid } from '../../components/ProductGrid';
import { categoryPath } from '../../lib/paths';
import type { NoResults } from '../types';

/** The same search page, searching for `text` (the list's filters are left behind with the old words). */
const searchFor = (text: string) => ({ search: `?${new URLSearchParams({ searchText: text })}` });

/** "Did you mean …?" under a search the CRM corrected. */
export function DidYouMean({ correctedText }: { correctedText: string }) {
  return (
    <p className="product-list__did-you-mean">
      Did you mean <Link to={searchFor(correctedText)}>{correctedText}</Link>?
    </p>
  );
}

/**
 * A list that found nothing says so and offers the way on: the nearest products, when a corrected or
 * broader search finds some, and the catalogue's top categories.
 */
export function NothingFound({
  noResults,
  actions,
}: {
  noResults: NoResults;
  actions: readonly ActionItem[];
}) {
  const { closeMatches, categories } = noResults;
  const id = useId();
  return (
    <div className="product-list__nothing">
      {closeMatches.length > 0 && (
        <section aria-labelledby={`${id}-matches`}>
          <h2 id={`${id}-matches`}>Close matches</h2>
          <ProductGrid items={closeMatches} actions={actions} headingLevel={3} />
        </section>
      )}
      {categories.length > 0 && (
        <nav aria-labelledby={`${id}-categories`}>
          <h2 id={`${id}-categories`}>Browse the catalogue</h2>
          <ul className="product-list__categories">
            {categories.map((category) => (
              <li key={category.slug}>
                <Link to={categoryPath(category.slug)}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
