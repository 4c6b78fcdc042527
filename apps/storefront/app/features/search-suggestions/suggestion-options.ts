import type { SearchSuggestions } from '@storefront/contracts/crm-search';
import { categoryPath, productPath } from '../../lib/paths';

/** The listbox's groups, in the order they show. */
export const SUGGESTION_GROUPS = [
  { key: 'products', label: 'Products' },
  { key: 'categories', label: 'Categories' },
  { key: 'recent', label: 'Recent searches' },
] as const;
export type SuggestionGroup = (typeof SUGGESTION_GROUPS)[number]['key'];

/** One option of the listbox: what it says, where choosing it leads. */
export interface SuggestionOption {
  group: SuggestionGroup;
  /** Its accessible name. */
  label: string;
  href: string;
  /** Products only: the picture, SKU and price beside the name. */
  product?: { name: string; imageUrl: string; sku: string; formattedPrice: string };
}

/** The search page for a text, as the header's form submits it. */
export function searchHref(searchPath: string, text: string): string {
  return `${searchPath}?${new URLSearchParams({ searchText: text })}`;
}

/** The answer as options in listbox order: products, categories, then recent searches. */
export function suggestionOptions(answer: SearchSuggestions, searchPath: string): SuggestionOption[] {
  return [
    ...answer.products.map((product) => ({
      group: 'products' as const,
      label: `${product.name}, ${product.sku}, ${product.formattedPrice}`,
      href: productPath(product),
      product: {
        name: product.name,
        imageUrl: product.imageUrl,
        sku: product.sku,
        formattedPrice: product.formattedPrice,
      },
    })),
    ...answer.categories.map((category) => ({
      group: 'categories' as const,
      label: category.name,
      href: categoryPath(category.slug || category.id),
    })),
    ...answer.recent.map((text) => ({
      group: 'recent' as const,
      label: text,
      href: searchHref(searchPath, text),
    })),
  ];
}

/** What the status region says of the options shown. */
export function suggestionCount(count: number): string {
  if (count === 0) return 'No suggestions';
  return count === 1 ? '1 suggestion' : `${count} suggestions`;
}
