import { CATALOGUE_ITEM_CAP } from '@storefront/contracts';

/** The reported total never exceeds the cap; `capped` says that more matched. */
export function capTotal(
  matched: number,
  cap: number = CATALOGUE_ITEM_CAP,
): { totalCount: number; capped: boolean } {
  return { totalCount: Math.min(matched, cap), capped: matched > cap };
}

/** The rows a page may read: pages reaching past the cap are cut, pages beyond it are empty. */
export function capWindow(
  page: number,
  pageSize: number,
  cap: number = CATALOGUE_ITEM_CAP,
): { offset: number; limit: number } {
  const offset = (page - 1) * pageSize;
  return { offset, limit: Math.max(0, Math.min(pageSize, cap - offset)) };
}
