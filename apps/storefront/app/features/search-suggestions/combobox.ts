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

export interface ComboboxState {
  open: boolean;
  /** The highlighted option's index; -1 for none (the text box itself). */
  active: number;
}

/** What a key in the text box does beyond moving the highlight. */
export type KeyEffect =
  /** Leave the key to the browser (typing, Tab, Enter submitting the form). */
  | 'none'
  /** The key was the combobox's: keep the browser from acting on it. */
  | 'handled'
  /** Open the highlighted option. */
  | 'choose'
  /** Empty the text box. */
  | 'clear';

/**
 * The ARIA 1.2 combobox's keys: ArrowDown and ArrowUp move through the options (opening the list, wrapping at
 * its ends), Enter opens the highlighted option or else submits the search, Escape closes the list and, once
 * closed, clears the text, Tab leaves with the list closed.
 */
export function pressKey(
  key: string,
  state: ComboboxState,
  count: number,
): { state: ComboboxState; effect: KeyEffect } {
  switch (key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      if (count === 0) return { state, effect: 'none' };
      const down = key === 'ArrowDown';
      if (!state.open) return { state: { open: true, active: down ? 0 : count - 1 }, effect: 'handled' };
      const next = down ? state.active + 1 : state.active - 1;
      return { state: { open: true, active: (next + count) % count }, effect: 'handled' };
    }
    case 'Enter':
      if (state.open && state.active >= 0 && state.active < count) {
        return { state: { open: false, active: -1 }, effect: 'choose' };
      }
      return { state: { open: false, active: -1 }, effect: 'none' };
    case 'Escape':
      if (state.open) return { state: { open: false, active: -1 }, effect: 'handled' };
      return { state, effect: 'clear' };
    case 'Tab':
      return { state: { open: false, active: -1 }, effect: 'none' };
    default:
      return { state, effect: 'none' };
  }
}
