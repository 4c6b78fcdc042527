import type { CatalogueType } from '@storefront/contracts';

const ACCOUNT_CATALOGUE_TYPES: ReadonlySet<CatalogueType> = new Set([
  'Install Base',
  'eCatalog account primary',
  'eCatalog account custom',
  'eCatalog override',
]);

/**
 * An account sees its own catalogue when it has one (an eCatalog, or an Install Base catalogue of the parts of
 * its instruments), else its storefront's Full catalogue.
 */
export function catalogueForAccount<C extends { type: CatalogueType }>(
  own: C | null,
  full: C | null,
): C | null {
  return own && ACCOUNT_CATALOGUE_TYPES.has(own.type) ? own : full;
}

/** An account may act only on the storefront it belongs to. */
export function belongsToStorefront(account: { storefrontId: string } | null, storefrontId: string): boolean {
  return account !== null && account.storefrontId === storefrontId;
}
