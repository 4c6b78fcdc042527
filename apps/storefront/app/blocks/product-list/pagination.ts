import { DEFAULT_PAGE_INDEX } from '@storefront/contracts/constants';
import { searchHref } from './query';

export type PageLink = number | 'gap';

/** Page numbers to show: the first, the last and two either side of the current one, with gaps between. */
export function pageWindow(page: number, pageCount: number): PageLink[] {
  const pages = new Set([1, pageCount]);
  for (let offset = -2; offset <= 2; offset++) pages.add(page + offset);
  const sorted = [...pages].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  return sorted.flatMap((n, index): PageLink[] => {
    const previous = sorted[index - 1];
    return previous !== undefined && n - previous > 1 ? ['gap', n] : [n];
  });
}

/** The URL of another page of the same list: every parameter kept, `page` replaced. */
export function pageHref(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page === DEFAULT_PAGE_INDEX) next.delete('page');
  else next.set('page', String(page));
  return searchHref(next);
}
