import type { CatalogueSummary, Category } from '@storefront/contracts/catalogue';

/** getEcatalogDetails: the account's catalogue and its categories in display order. */
export interface EcatalogDetails {
  catalog: CatalogueSummary;
  categories: Category[];
}

/** A category named by id or by slug. */
export function findCategory(categories: readonly Category[], idOrSlug: string): Category | undefined {
  const wanted = idOrSlug.toLowerCase();
  return categories.find((category) => category.id === idOrSlug || category.slug.toLowerCase() === wanted);
}
