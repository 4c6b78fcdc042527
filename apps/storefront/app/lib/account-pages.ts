import type { TemplateMeta } from '@storefront/contracts/blocks';

/** Page categories of the account area (spec P§2): shown to signed-in users only. */
const ACCOUNT_PAGE_CATEGORIES = new Set(['Application', 'My Account', 'Create Record']);

export function isAccountPage(meta: Pick<TemplateMeta, 'Page_Category'>): boolean {
  return meta.Page_Category !== null && ACCOUNT_PAGE_CATEGORIES.has(meta.Page_Category.trim());
}

/** Page categories and types that show one buyer's cart or order: the cart, its guidance and checkout. */
const BUYER_PAGE_KINDS = new Set(['Cart', 'Checkout', 'Guidance', 'Checkout Guidance']);

/**
 * A page that shows one viewer's own records (the account area, the cart, checkout): nothing for search
 * engines to list or index.
 */
export function isPersonalPage(meta: Pick<TemplateMeta, 'Page_Category' | 'Page_Type'>): boolean {
  const kind = (value: string | null) => value !== null && BUYER_PAGE_KINDS.has(value.trim());
  return isAccountPage(meta) || kind(meta.Page_Category) || kind(meta.Page_Type);
}
