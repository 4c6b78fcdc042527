import type { TemplateMeta } from '@storefront/contracts/blocks';

/** Page categories of the account area (spec P§2): shown to signed-in users only. */
const ACCOUNT_PAGE_CATEGORIES = new Set(['Application', 'My Account', 'Create Record']);

export function isAccountPage(meta: Pick<TemplateMeta, 'Page_Category'>): boolean {
  return meta.Page_Category !== null && ACCOUNT_PAGE_CATEGORIES.has(meta.Page_Category.trim());
}
