import type { CatalogItemCard } from '@storefront/contracts/catalogue';

/** Sign-in, returning to `redirect` (a path with its query) afterwards. */
export function loginPath(redirect: string): string {
  return `/login?${new URLSearchParams({ redirect }).toString()}`;
}

export function categoryPath(categoryId: string): string {
  return `/category/${encodeURIComponent(categoryId)}`;
}

/** Product cards link to /product/{productTemplateId}/{id} (spec P§2). */
export function productPath(item: Pick<CatalogItemCard, 'id' | 'productTemplateId'>): string {
  return `/product/${encodeURIComponent(item.productTemplateId)}/${encodeURIComponent(item.id)}`;
}

/** An absolute http(s) URL leaves the storefront and needs an explicit external link (spec P§2). */
export function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * The href a CMS link may use: root-relative, fragment, query, http(s), mailto or tel. Anything else
 * (javascript:, data:, protocol-relative //host) is refused with null.
 */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (/^\/(?!\/)|^[#?]/.test(trimmed)) return trimmed;
  return /^(https?:\/\/|mailto:|tel:)/i.test(trimmed) ? trimmed : null;
}
